import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
import { isLoopbackHost } from '../../../shared/loopback';
import { GatewayError } from './gateway-error';

/**
 * The key crosses plain HTTP only to this machine (the embedded server, a local test server):
 * anywhere else it would be readable on the way, so the call is refused before it is sent.
 */
export function refusePlainHttp(url: string): void {
  const { protocol, hostname, origin } = new URL(url);
  if (protocol !== 'http:' || isLoopbackHost(hostname)) return;
  throw new GatewayError({
    code: 'not-configured',
    message: `Not sending the API key to ${origin}: plain http:// would let anyone on the way read it.`,
    hint: 'Use the service’s https:// address in Settings.',
  });
}

const agents = new Map<string, Agent>();

/**
 * The fetch for a target: the default one, which verifies certificates against the system's
 * authorities, or, when the team gave its own authorities (PEM), one that trusts those as well.
 */
export function fetchTrusting(ca: string | undefined, fallback: typeof fetch): typeof fetch {
  if (!ca) return fallback;
  let agent = agents.get(ca);
  if (!agent) {
    agent = new Agent({ connect: { ca: [...rootCertificates, ca] } });
    agents.set(ca, agent);
  }
  const dispatcher = agent;
  return ((input: string, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}

const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** What to do about a failed TLS check, or null when the failure was something else. */
export function certificateHint(error: unknown): string | null {
  const cause =
    error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
  if (!cause?.code || !CERTIFICATE_CODES.has(cause.code)) return null;
  return (
    'The server’s certificate is not trusted. If your team runs its own certificate ' +
    'authority, paste its certificate under “Trusted certificate authorities” in Settings.'
  );
}
