import type { Readable } from 'node:stream';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import {
  channels,
  contract,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
  type DownloadResult,
} from '../../../shared/ipc/contract';
import type { IpcError, IpcResult } from '../../../shared/ipc/errors';
import { GatewayError } from '../gateway/gateway-error';
import './string-formats';

/** Hands a download's bytes to the user: a save dialog (desktop) or the HTTP answer (browser). */
export type DeliverDownload = (download: {
  name: string;
  size: number | undefined;
  body: Readable;
}) => Promise<DownloadResult>;

/** What the host adds to a call beside its JSON input. */
export interface CallContext {
  /** An upload's bytes, when the host streamed them in (the web host). */
  body?: Readable;
  /** Where a download goes, when the host decides per call (the web host). */
  deliver?: DeliverDownload;
}

/** One handler per channel: one object in, a promise out. The type makes the table complete. */
export type Handlers = {
  [C in Channel]: (input: ChannelInput<C>, context: CallContext) => Promise<ChannelOutput<C>>;
};

/** Calls one channel with untrusted input; never throws. */
export type Dispatch = (
  channel: string,
  input: unknown,
  context?: CallContext,
) => Promise<IpcResult<unknown>>;

/**
 * Wraps the handler table: unknown channels and input that does not match the contract's schema
 * are refused before any handler runs, and every failure becomes a plain IpcError.
 */
export function createDispatcher(
  handlers: Handlers,
  logError: (error: unknown, channel: string) => void = () => {},
): Dispatch {
  // Each channel's check is compiled on its first call: compiling them all held up the start.
  const known = new Set<string>(channels);
  const checks = new Map<string, TypeCheck<TSchema>>();
  const checkOf = (channel: string) => {
    if (!known.has(channel)) return undefined;
    let check = checks.get(channel);
    if (!check) {
      check = TypeCompiler.Compile(contract[channel as Channel].input);
      checks.set(channel, check);
    }
    return check;
  };
  return async (channel, input, context = {}) => {
    const check = checkOf(channel);
    if (!check) {
      return failure({
        code: 'unknown-channel',
        message: `There is no channel named "${channel}".`,
      });
    }
    if (!check.Check(input)) {
      return failure({ code: 'invalid-input', message: describeInvalid(channel, check, input) });
    }
    try {
      const handler = handlers[channel as Channel] as (
        input: unknown,
        context: CallContext,
      ) => Promise<unknown>;
      return { ok: true, value: await handler(input, context) };
    } catch (error) {
      return failure(toIpcError(error, channel, logError));
    }
  };
}

function failure(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}

function describeInvalid(channel: string, check: TypeCheck<TSchema>, input: unknown): string {
  const first = check.Errors(input).First();
  if (!first) return `Invalid input for ${channel}.`;
  const field = first.path ? first.path.replace(/^\//, '').replace(/\//g, '.') : 'input';
  return `Invalid input for ${channel}: ${field} ${first.message.toLowerCase()}.`;
}

function toIpcError(
  error: unknown,
  channel: string,
  logError: (error: unknown, channel: string) => void,
): IpcError {
  if (error instanceof GatewayError) return error.toIpcError();
  logError(error, channel);
  return {
    code: 'internal',
    message: `Wordbench failed while handling ${channel}: ${error instanceof Error ? error.message : String(error)}`,
    hint: 'Try again; if it keeps happening, restart the app and report it.',
  };
}
