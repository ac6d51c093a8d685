import { checkTrustedCertificates } from '../../shared/ipc/settings';
import { isLoopbackHost } from '../../shared/loopback';
import type { ConnectionSettings } from './connection-settings';
import { GatewayError } from './gateway/gateway-error';

/**
 * A hosted service is reached over HTTPS (plain http:// only for this machine), and trusted
 * certificate authorities, when given, are PEM certificates. Refused before anything is saved.
 */
export function checkRemoteSettings(settings: ConnectionSettings): void {
  if (settings.mode !== 'remote') return;
  for (const url of [settings.baseUrl, settings.commentsBaseUrl]) {
    if (url === undefined) continue;
    const { protocol, hostname } = new URL(url);
    if (protocol === 'https:' || (protocol === 'http:' && isLoopbackHost(hostname))) continue;
    throw new GatewayError({
      code: 'invalid-input',
      message: `${url}: a hosted service is reached over https:// (plain http:// only on this computer), so that the API key is never readable on the way.`,
    });
  }
  const refused = checkTrustedCertificates(settings.caCertificates ?? '');
  if (refused) {
    throw new GatewayError({
      code: 'invalid-input',
      message: `Trusted certificate authorities: ${refused}`,
    });
  }
}
