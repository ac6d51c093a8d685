import { setTimeout as sleep } from 'node:timers/promises';
import type { EmbeddedServerStatus, ServerRestarts } from '../../shared/ipc/settings';
import { ServerStartError, type LocalServer, type UnexpectedExit } from './local-server';

/** How often, and how soon, a server that stops by itself is started again. */
export interface RestartPolicy {
  /** The wait before restart `attempt` (0 for the first restart within the window). */
  backoffMs: (attempt: number) => number;
  /** Restarts allowed within `windowMs`; one more stop than that is a final failure. */
  maxRestarts: number;
  windowMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  backoffMs: (attempt) => Math.min(500 * 2 ** attempt, 8_000),
  maxRestarts: 5,
  windowMs: 5 * 60_000,
};

export const RESTARTING_MESSAGE =
  'The local server stopped unexpectedly and is being restarted. Your work is kept: what you ' +
  'confirm meanwhile is sent once it is back.';

export interface SupervisorOptions {
  /**
   * Starts one server, telling each step of its start; the caller fixes its data folder and key,
   * so every restart reuses them.
   */
  launch: (onProgress: (step: string) => void) => Promise<LocalServer>;
  onStatus: (status: EmbeddedServerStatus) => void;
  policy?: Partial<RestartPolicy>;
  /** Waits `ms`, rejecting when `signal` aborts (tests hold or shorten the backoff). */
  delay?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

export interface ServerSupervisor {
  /** Starts the first server. A first start that fails is reported, not retried. */
  start(): Promise<void>;
  /** Stops the server, cancelling a restart that is waiting or under way. */
  stop(): Promise<void>;
}

/**
 * Keeps the embedded server running: when it exits without being asked to, it is started again
 * after a growing wait, until it has stopped more than `maxRestarts` times within `windowMs`.
 */
export function superviseServer(options: SupervisorOptions): ServerSupervisor {
  const policy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
  const delay = options.delay ?? ((ms, signal) => sleep(ms, undefined, { signal }));
  const now = options.now ?? Date.now;
  const abort = new AbortController();
  let current: LocalServer | null = null;
  let restarting: Promise<void> | null = null;
  let firstStart: Promise<void> | null = null;
  let stops: number[] = [];
  // Shown in Settings: how often the server had to be started again, and why last time.
  let restarts: ServerRestarts | undefined;
  const withRestarts = () => (restarts ? { restarts } : {});

  const adopt = (server: LocalServer) => {
    current = server;
    options.onStatus({
      state: 'running',
      url: server.url,
      ...(server.pid === undefined ? {} : { pid: server.pid }),
      ...withRestarts(),
    });
    server.onUnexpectedExit((exit) => {
      if (current !== server || abort.signal.aborted) return;
      current = null;
      restarting = restartAfter(exit);
    });
  };

  async function restartAfter(exit: UnexpectedExit): Promise<void> {
    let last = describeExit(exit);
    const stoppedAt = now();
    restarts = { count: restarts?.count ?? 0, lastStoppedAt: stoppedAt, lastReason: last };
    const restarting = (step?: string) =>
      options.onStatus({
        state: 'starting',
        message: RESTARTING_MESSAGE,
        ...withRestarts(),
        since: stoppedAt,
        ...(step === undefined ? {} : { step }),
      });
    restarting();
    for (;;) {
      const at = now();
      stops = [...stops.filter((time) => at - time < policy.windowMs), at];
      if (stops.length > policy.maxRestarts) {
        options.onStatus(finalFailure(stops.length, policy.windowMs, last));
        return;
      }
      try {
        await delay(policy.backoffMs(stops.length - 1), abort.signal);
      } catch {
        return;
      }
      if (abort.signal.aborted) return;
      let server: LocalServer;
      try {
        server = await options.launch(restarting);
      } catch (error) {
        if (abort.signal.aborted) return;
        const { message, details } = startFailure(error);
        last = [message, details].filter(Boolean).join('\n');
        continue;
      }
      // Stopped while this one was starting: it is not wanted any more.
      if (abort.signal.aborted) {
        await server.stop().catch(() => undefined);
        return;
      }
      restarts = {
        count: (restarts?.count ?? 0) + 1,
        lastStoppedAt: stoppedAt,
        lastReason: describeExit(exit),
      };
      adopt(server);
      return;
    }
  }

  return {
    async start() {
      firstStart = (async () => {
        const since = now();
        options.onStatus({ state: 'starting', since });
        let server: LocalServer;
        try {
          server = await options.launch((step) =>
            options.onStatus({ state: 'starting', since, step }),
          );
        } catch (error) {
          if (abort.signal.aborted) return;
          const { message, details } = startFailure(error);
          options.onStatus({ state: 'failed', message, ...(details ? { details } : {}) });
          return;
        }
        // Stopped while it was starting (the host is closing): it must not outlive the host.
        if (abort.signal.aborted) {
          await server.stop().catch(() => undefined);
          return;
        }
        adopt(server);
      })();
      await firstStart;
    },
    async stop() {
      abort.abort();
      await firstStart;
      await restarting;
      const server = current;
      current = null;
      await server?.stop();
    },
  };
}

/** A failed launch in words, with what the server printed apart. */
function startFailure(error: unknown): { message: string; details?: string } {
  if (error instanceof ServerStartError) return { message: error.message, details: error.details };
  return { message: error instanceof Error ? error.message : String(error) };
}

function describeExit(exit: UnexpectedExit): string {
  return [exit.reason, exit.lastErrors].filter((part) => part !== '').join('\n');
}

function finalFailure(stopped: number, windowMs: number, details: string): EmbeddedServerStatus {
  const minutes = Math.round(windowMs / 60_000);
  const window =
    windowMs < 60_000 ? `${windowMs} ms` : minutes === 1 ? 'a minute' : `${minutes} minutes`;
  return {
    state: 'failed',
    message:
      `The local server keeps stopping (${stopped} times within ${window}) and is no longer ` +
      'restarted: restart Wordbench.',
    details,
  };
}
