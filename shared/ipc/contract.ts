import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id } from '../api/fields';
import type { LanguagesResponse } from '../api/languages';
import {
  MemoryCreateParameters,
  MemoryUpdateParameters,
  type DeleteResponse,
  type Memory,
} from '../api/memories';
import {
  ProjectCreateParameters,
  ProjectListQuery,
  ProjectUpdateParameters,
  type Project,
} from '../api/projects';
import {
  ConnectionInput,
  type AppInfo,
  type ConnectionState,
  type ConnectionTestResult,
} from './settings';

interface ChannelDef<I extends TSchema, O> {
  input: I;
  /** Type-only marker: the value is never read. */
  output: O;
}

/** Declares a channel: its input schema (checked before the handler runs) and its output type. */
function channel<O>() {
  return <I extends TSchema>(input: I): ChannelDef<I, O> => ({ input, output: undefined as O });
}

const NoInput = Type.Object({}, { additionalProperties: false });
const ById = Type.Object({ id: Id }, { additionalProperties: false });

/**
 * The single source of truth for IPC: channel name (`area:verb-noun`) -> input schema and output
 * type. Both hosts (Electron IPC and the web host) serve exactly these channels, and the preload
 * builds one bridge method per channel from it. No channel returns the API key.
 */
export const contract = {
  'app:get-info': channel<AppInfo>()(NoInput),
  'settings:get-connection': channel<ConnectionState>()(NoInput),
  'settings:set-connection': channel<ConnectionState>()(ConnectionInput),
  'settings:set-api-key': channel<ConnectionState>()(
    Type.Object(
      { key: Type.String({ minLength: 1, maxLength: 1024, pattern: '^\\S+$' }) },
      { additionalProperties: false },
    ),
  ),
  'settings:clear-api-key': channel<ConnectionState>()(NoInput),
  'settings:test-connection': channel<ConnectionTestResult>()(NoInput),
  'languages:list': channel<LanguagesResponse>()(NoInput),
  'memories:list': channel<Memory[]>()(NoInput),
  'memories:create': channel<Memory>()(MemoryCreateParameters),
  'memories:rename': channel<Memory>()(MemoryUpdateParameters),
  'memories:delete': channel<DeleteResponse>()(ById),
  /** Projects with their documents; the filters are those of `GET /v2/projects`. */
  'projects:list': channel<Project[]>()(ProjectListQuery),
  'projects:create': channel<Project>()(ProjectCreateParameters),
  /** Moves, renames, archives: only the fields present change (legacy `PUT /v2/projects`). */
  'projects:update': channel<Project>()(ProjectUpdateParameters),
  'projects:delete': channel<DeleteResponse>()(ById),
} satisfies Record<string, ChannelDef<TSchema, unknown>>;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type ChannelInput<C extends Channel> = Static<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = Contract[C]['output'];
export const channels = Object.keys(contract) as Channel[];

/** Pushes from the main process to the renderer. */
export interface Events {
  'connection:changed': ConnectionState;
}
export type EventName = keyof Events;
export const eventNames: EventName[] = ['connection:changed'];
