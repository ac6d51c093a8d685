import { transportError } from '../http/transport-security';
import { UsageError } from './args-error';

export interface TransportArgs {
  tlsCertFile?: string;
  tlsKeyFile?: string;
  behindTlsProxy?: boolean;
}

/**
 * `--tls-cert`/`--tls-key` (both or neither) and `--behind-tls-proxy`, checked against the host:
 * a non-loopback address needs one of them (start.ts says why).
 */
export function transportArgs(
  host: string,
  values: { 'tls-cert'?: string; 'tls-key'?: string; 'behind-tls-proxy'?: boolean },
): TransportArgs {
  const { 'tls-cert': tlsCertFile, 'tls-key': tlsKeyFile } = values;
  const behindTlsProxy = values['behind-tls-proxy'] === true;
  if ((tlsCertFile === undefined) !== (tlsKeyFile === undefined)) {
    throw new UsageError('--tls-cert and --tls-key go together');
  }
  if (tlsCertFile !== undefined && behindTlsProxy) {
    throw new UsageError('--behind-tls-proxy is for a server without its own --tls-cert');
  }
  const tls = tlsCertFile === undefined ? undefined : { cert: '', key: '' };
  const refused = transportError(host, { tls, behindTlsProxy });
  if (refused) throw new UsageError(refused);
  return {
    ...(tlsCertFile === undefined ? {} : { tlsCertFile, tlsKeyFile }),
    ...(behindTlsProxy ? { behindTlsProxy } : {}),
  };
}
