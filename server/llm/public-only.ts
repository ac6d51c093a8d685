import type { Agent } from 'undici';
import { AddressRefusedError, createAddressGuard, parseAllowList } from '../net/address-guard';
import { EngineError } from './errors';

/** How an engine's requests go out: `dispatcher` for fetch (undefined: Node's default). */
export interface EngineTransport {
  /** Throws the refusal when the URL's host is a literal address the rule refuses. */
  check(url: string): void;
  dispatcher(): Promise<Agent | undefined>;
  close(): Promise<void>;
}

const DIRECT: EngineTransport = {
  check: () => undefined,
  dispatcher: async () => undefined,
  close: async () => undefined,
};

/** The engine's error for a refusal of the address rule, or null for any other failure. */
export function refusalOf(error: unknown): EngineError | null {
  const cause =
    error instanceof AddressRefusedError ? error : (error as { cause?: unknown })?.cause;
  if (!(cause instanceof AddressRefusedError)) return null;
  return new EngineError('unreachable', cause.message, { cause });
}

/**
 * Connections for an engine that may reach public addresses only (an organization's engine on a
 * team server): every connection resolves its host and checks each address it may go to
 * (net/address-guard.ts), so a name that resolves to the machine or its networks, at the time
 * the setting was saved or after a DNS change since, is refused. `advice` ends the message;
 * `allow` lets hosts and networks through.
 */
export function engineTransport(
  publicOnly: { advice: string; allow?: string[] } | undefined,
): EngineTransport {
  if (!publicOnly) return DIRECT;
  const guard = createAddressGuard(parseAllowList(publicOnly.allow), publicOnly.advice);
  // undici is loaded on an engine's first request, not with the server.
  let agent: Promise<Agent> | undefined;
  const dispatcher = () =>
    (agent ??= import('undici').then(
      ({ Agent }) => new Agent({ connect: { lookup: guard.lookup } }),
    ));
  return {
    check(url) {
      try {
        guard.checkHost(new URL(url).hostname);
      } catch (error) {
        throw refusalOf(error) ?? error;
      }
    },
    dispatcher,
    close: async () => (agent ? (await agent).close() : undefined),
  };
}
