/** The pieces every IPC channel declaration is made of (contract.ts and its per-area parts). */
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { Id } from '../api/fields';

export interface ChannelDef<I extends TSchema, O> {
  input: I;
  /** Type-only marker: the value is never read. */
  output: O;
}

/** Declares a channel: its input schema (checked before the handler runs) and its output type. */
export function channel<O>() {
  return <I extends TSchema>(input: I): ChannelDef<I, O> => ({ input, output: undefined as O });
}

export const NoInput = Type.Object({}, { additionalProperties: false });

/** An API schema closed for IPC: the renderer may send only the fields the channel knows. */
export const closed = <T extends TObject>(schema: T) =>
  Type.Object(schema.properties, { additionalProperties: false }) as unknown as T;
export const ById = Type.Object({ id: Id }, { additionalProperties: false });

/** Where a download went: a path the user chose (desktop) or the browser's own download. */
export type DownloadResult = { savedTo: string } | { delivered: true } | { cancelled: true };
