import type { Connection } from '../connection';
import type { Gateway } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';
import type { Handlers } from './validated';

type SettingsHandlers = Pick<
  Handlers,
  | 'settings:get-connection'
  | 'settings:set-connection'
  | 'settings:set-api-key'
  | 'settings:clear-api-key'
  | 'settings:test-connection'
>;

/** Connection and key management. The key goes in; only `hasApiKey` ever comes out. */
export function settingsHandlers(connection: Connection, gateway: Gateway): SettingsHandlers {
  return {
    'settings:get-connection': async () => connection.state(),
    'settings:set-connection': (input) => connection.setSettings(input),
    'settings:set-api-key': ({ key }) => connection.setApiKey(key),
    'settings:clear-api-key': () => connection.clearApiKey(),
    'settings:test-connection': async () => {
      const started = performance.now();
      try {
        const health = await gateway.health().catch(() => null);
        // The languages call proves both that the server speaks the API and that the key works.
        await gateway.json({ method: 'GET', path: '/v2/languages' });
        const latencyMs = Math.round(performance.now() - started);
        return {
          ok: true,
          message: 'Connected: the server accepted the API key.',
          latencyMs,
          ...(health?.version ? { serverVersion: health.version } : {}),
        };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        return {
          ok: false,
          message: error.hint ? `${error.message} ${error.hint}` : error.message,
          ...(error.status === undefined ? {} : { status: error.status }),
        };
      }
    },
  };
}
