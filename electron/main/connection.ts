import { randomBytes } from 'node:crypto';
import type { ConnectionState, EmbeddedServerStatus } from '../../shared/ipc/settings';
import {
  defaultCommentsBaseUrl,
  type ConnectionSettings,
  type ConnectionSettingsStore,
} from './connection-settings';
import { watchHealth, type HealthWatch, type HealthWatchOptions } from './connection-health';
import { GatewayError } from './gateway/gateway-error';
import { checkRemoteSettings } from './remote-settings';
import type { GatewayTarget } from './gateway/gateway';
import type { LocalServer } from './local-server';
import {
  superviseServer,
  type ServerSupervisor,
  type SupervisorOptions,
} from './server-supervisor';
import type { KeySlot, Vault } from './vault/vault';

export interface ConnectionDeps {
  vault: Vault;
  settings: ConnectionSettingsStore;
  /**
   * Starts the embedded server with the given key, telling each step of its start; the host
   * decides the binary and data folder.
   */
  launchEmbedded: (apiKey: string, onProgress: (step: string) => void) => Promise<LocalServer>;
  onChange: (state: ConnectionState) => void;
  /** How the embedded server is restarted when it stops by itself (tests shorten the waits). */
  restart?: Pick<SupervisorOptions, 'policy' | 'delay' | 'now'>;
  /** Probes the server calls go to, so the state says when it cannot be reached (hosts set it). */
  watchHealth?: HealthWatchOptions;
}

export interface Connection {
  state(): ConnectionState;
  /** Where the gateway sends calls now; throws `not-configured` when it cannot. */
  target(): GatewayTarget;
  start(): Promise<void>;
  setSettings(settings: ConnectionSettings): Promise<ConnectionState>;
  setApiKey(key: string): Promise<ConnectionState>;
  clearApiKey(): Promise<ConnectionState>;
  stop(): Promise<void>;
}

/**
 * Owns "where do API calls go": the saved settings, the key slot for each mode, and the embedded
 * server's life. Host-agnostic: Electron and the web host both drive it.
 */
export function createConnection(deps: ConnectionDeps): Connection {
  let settings = deps.settings.get();
  let embedded: EmbeddedServerStatus = { state: 'stopped' };
  let server: ServerSupervisor | null = null;
  // Serializes starts and stops so a quick toggle cannot leave two servers running.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const slot = (): KeySlot => settings.mode;
  const state = (): ConnectionState => ({
    mode: settings.mode,
    baseUrl: settings.mode === 'remote' ? settings.baseUrl : embeddedUrl(),
    commentsBaseUrl:
      settings.mode === 'remote'
        ? (settings.commentsBaseUrl ?? defaultCommentsBaseUrl(settings.baseUrl))
        : embeddedUrl() && defaultCommentsBaseUrl(embeddedUrl() ?? ''),
    caCertificates: settings.mode === 'remote' ? (settings.caCertificates ?? null) : null,
    hasApiKey: deps.vault.getKey(slot()) !== null,
    vault: deps.vault.status(),
    embedded,
    ...(reachability() ? { reachability: reachability() } : {}),
  });
  const embeddedUrl = () => (embedded.state === 'running' ? embedded.url : null);
  const changed = () => deps.onChange(state());
  // Where calls go now, for the health probe: nothing while the embedded server is not running.
  const probeTarget = () => {
    if (settings.mode === 'embedded') {
      const url = embeddedUrl();
      return url === null ? null : { baseUrl: url };
    }
    return {
      baseUrl: settings.baseUrl,
      ...(settings.caCertificates ? { ca: settings.caCertificates } : {}),
    };
  };
  const health: HealthWatch | null = deps.watchHealth
    ? watchHealth(probeTarget, changed, deps.watchHealth)
    : null;
  const reachability = () => {
    const where = probeTarget();
    return where === null ? undefined : health?.current(where.baseUrl);
  };

  async function startEmbedded(): Promise<void> {
    let key = deps.vault.getKey('embedded');
    if (key === null) {
      key = `wb_${randomBytes(32).toString('base64url')}`;
      deps.vault.setKey('embedded', key);
    }
    const apiKey = key;
    // Every restart reuses this key; the host's launcher fixes the data folder.
    const supervisor = superviseServer({
      ...deps.restart,
      launch: (onProgress) => deps.launchEmbedded(apiKey, onProgress),
      onStatus: (status) => {
        if (server !== supervisor) return;
        // Failed for good: nothing runs, and choosing the embedded server again starts afresh.
        if (status.state === 'failed') server = null;
        embedded = status;
        if (status.state === 'running') health?.poke();
        changed();
      },
    });
    server = supervisor;
    await supervisor.start();
  }

  async function stopEmbedded(): Promise<void> {
    const running = server;
    server = null;
    if (running) await running.stop();
    if (embedded.state !== 'stopped') {
      embedded = { state: 'stopped' };
      changed();
    }
  }

  const restartEmbedded = () =>
    serialized(async () => {
      await stopEmbedded();
      await startEmbedded();
    });

  return {
    state,
    target() {
      const apiKey = deps.vault.getKey(slot());
      if (settings.mode === 'embedded') {
        const url = embeddedUrl();
        if (url === null) throw embeddedNotReady(embedded);
        if (apiKey === null) throw noKey();
        return { baseUrl: url, commentsBaseUrl: defaultCommentsBaseUrl(url), apiKey };
      }
      if (apiKey === null) throw noKey();
      // The probe found the hosted service unreachable: fail at once rather than after the
      // gateway's long timeout (a wrong address shows in seconds). The probe keeps watching.
      // A service that answered before and is only slow for a moment still gets the call.
      const probe = reachability();
      if (probe?.state === 'unreachable' && !probe.isSlow) {
        throw new GatewayError({
          code: 'network',
          message: probe.message,
          hint: 'Check the address in Settings, your network, and that the service is up.',
        });
      }
      return {
        baseUrl: settings.baseUrl,
        commentsBaseUrl: settings.commentsBaseUrl ?? defaultCommentsBaseUrl(settings.baseUrl),
        apiKey,
        ...(settings.caCertificates ? { ca: settings.caCertificates } : {}),
      };
    },
    start: () =>
      serialized(async () => {
        if (settings.mode === 'embedded' && server === null) await startEmbedded();
      }),
    async setSettings(next) {
      checkRemoteSettings(next);
      deps.settings.set(next);
      settings = next;
      health?.poke();
      if (next.mode === 'embedded') {
        await serialized(async () => {
          if (server === null) await startEmbedded();
        });
      } else {
        await serialized(stopEmbedded);
      }
      changed();
      return state();
    },
    async setApiKey(key) {
      deps.vault.setKey(slot(), key);
      // The embedded server learns a new key at start (its bootstrap key), so restart it.
      if (settings.mode === 'embedded') await restartEmbedded();
      changed();
      return state();
    },
    async clearApiKey() {
      deps.vault.clearKey(slot());
      // Embedded mode cannot run without a key: clearing it makes the app create a fresh one.
      if (settings.mode === 'embedded') await restartEmbedded();
      changed();
      return state();
    },
    stop: () => {
      health?.stop();
      return serialized(stopEmbedded);
    },
  };
}

function noKey(): GatewayError {
  return new GatewayError({
    code: 'not-configured',
    message: 'No API key is set for this connection.',
    hint: 'Set the API key in Settings.',
  });
}

function embeddedNotReady(status: EmbeddedServerStatus): GatewayError {
  // Restarting by itself: a passing failure, which the renderer may retry.
  if (status.state === 'starting' && status.message) {
    return new GatewayError({
      code: 'network',
      message: status.message,
      hint: 'Wait a moment and try again.',
    });
  }
  if (status.state === 'failed') {
    return new GatewayError({
      code: 'not-configured',
      message: `The embedded server is not running: ${status.message}`,
      hint: 'Choose the embedded server again in Settings to restart it, or connect to a hosted service.',
    });
  }
  return new GatewayError({
    code: 'not-configured',
    message:
      status.state === 'starting'
        ? 'The embedded server is still starting.'
        : 'The embedded server is stopped.',
    hint: 'Wait a moment and try again.',
  });
}
