import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import {
  channels,
  contract,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
} from '../../../shared/ipc/contract';
import type { IpcError, IpcResult } from '../../../shared/ipc/errors';
import { GatewayError } from '../gateway/gateway-error';

/** One handler per channel: one object in, a promise out. The type makes the table complete. */
export type Handlers = {
  [C in Channel]: (input: ChannelInput<C>) => Promise<ChannelOutput<C>>;
};

/** Calls one channel with untrusted input; never throws. */
export type Dispatch = (channel: string, input: unknown) => Promise<IpcResult<unknown>>;

FormatRegistry.Set('uri', (value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
});

/**
 * Wraps the handler table: unknown channels and input that does not match the contract's schema
 * are refused before any handler runs, and every failure becomes a plain IpcError.
 */
export function createDispatcher(
  handlers: Handlers,
  logError: (error: unknown, channel: string) => void = () => {},
): Dispatch {
  const checks = new Map<string, TypeCheck<TSchema>>(
    channels.map((channel) => [channel, TypeCompiler.Compile(contract[channel].input)]),
  );
  return async (channel, input) => {
    const check = checks.get(channel);
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
      const handler = handlers[channel as Channel] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(input) };
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
