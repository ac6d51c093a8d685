import { isLoopbackHost } from '../../shared/loopback';

/**
 * API keys cross the network only inside TLS (the specification says HTTPS): a server that
 * other machines can reach serves TLS itself, or is told that a proxy in front does.
 */
export function transportError(host: string, options: { tls?: unknown; behindTlsProxy?: boolean }) {
  if (isLoopbackHost(host) || options.tls || options.behindTlsProxy) return null;
  return (
    `Refusing to listen on ${host} over plain HTTP: API keys would cross the network in clear ` +
    'text. Give --tls-cert and --tls-key, or --behind-tls-proxy when a proxy in front ' +
    'terminates TLS; or listen on 127.0.0.1.'
  );
}
