import type { Reachability } from '../../shared/ipc/settings';
import { certificateHint, fetchTrusting } from './gateway/transport';

/** How the server calls go to is watched: a `GET /health` every `intervalMs`. */
export interface HealthWatchOptions {
  /** Between the end of one probe and the start of the next. */
  intervalMs?: number;
  /** A probe of a server that answered before. Two such timeouts in a row count as unreachable. */
  timeoutMs?: number;
  /** The first probe of a new address: one timeout is enough, so a wrong address shows fast. */
  firstTimeoutMs?: number;
  fetch?: typeof fetch;
}

export interface ProbeTarget {
  baseUrl: string;
  ca?: string;
}

export interface HealthWatch {
  /** The last answer for `baseUrl`, or undefined when that address was not probed yet. */
  current(baseUrl: string): Reachability | undefined;
  /** Probes now (a new address, or the server just restarted) instead of at the next tick. */
  poke(): void;
  stop(): void;
}

export const HEALTH_DEFAULTS = { intervalMs: 1_000, timeoutMs: 1_500, firstTimeoutMs: 1_500 };

/**
 * Probes the server calls go to and reports each change of reachability. Any HTTP answer counts
 * as reachable (this is about the network, not the API); a refused connection, an unknown host or
 * an untrusted certificate is unreachable at once, and a silent server after its timeouts.
 */
export function watchHealth(
  target: () => ProbeTarget | null,
  onChange: () => void,
  options: HealthWatchOptions = {},
): HealthWatch {
  const { intervalMs, timeoutMs, firstTimeoutMs } = { ...HEALTH_DEFAULTS, ...options };
  const doFetch = options.fetch ?? fetch;
  let probed: { baseUrl: string; reachability: Reachability } | null = null;
  let timeouts = 0;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let running: Promise<void> | null = null;

  async function probe(): Promise<void> {
    const now = target();
    if (now === null) return;
    const isNew = probed?.baseUrl !== now.baseUrl;
    const limit = isNew ? firstTimeoutMs : timeoutMs;
    let next: Reachability;
    try {
      const url = `${now.baseUrl.replace(/\/+$/, '')}/health`;
      const response = await fetchTrusting(now.ca, doFetch)(url, {
        signal: AbortSignal.timeout(limit),
      });
      await response.body?.cancel();
      timeouts = 0;
      next = { state: 'reachable' };
    } catch (error) {
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      timeouts = isTimeout ? timeouts + 1 : 0;
      // A busy machine can miss one probe: only a second silent one in a row says unreachable.
      if (isTimeout && !isNew && timeouts < 2) return;
      next = { state: 'unreachable', message: describeFailure(error, now.baseUrl) };
    }
    if (isStopped || target()?.baseUrl !== now.baseUrl) return;
    const previous = probed;
    probed = { baseUrl: now.baseUrl, reachability: next };
    if (previous?.baseUrl !== now.baseUrl || !sameReachability(previous.reachability, next)) {
      onChange();
    }
  }

  // A poke during a probe (of the old address, maybe) asks for the next one at once.
  let isPoked = false;
  const tick = () => {
    if (isStopped) return;
    isPoked = false;
    running = probe().finally(() => {
      running = null;
      schedule(isPoked ? 0 : intervalMs);
    });
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (isStopped) return;
    timer = setTimeout(tick, ms);
    // The watch never keeps a host process alive by itself.
    timer.unref?.();
  };
  schedule(0);

  return {
    current: (baseUrl) => (probed?.baseUrl === baseUrl ? probed.reachability : undefined),
    poke() {
      if (running === null) schedule(0);
      else isPoked = true;
    },
    stop() {
      isStopped = true;
      clearTimeout(timer);
    },
  };
}

function sameReachability(a: Reachability, b: Reachability): boolean {
  return a.state === b.state && (a.state === 'reachable' || a.message === (b as typeof a).message);
}

function describeFailure(error: unknown, baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `The server at ${origin} does not answer.`;
  }
  const certificate = certificateHint(error);
  if (certificate) return `The connection to ${origin} is not trusted. ${certificate}`;
  return `Cannot reach the server at ${origin}: check the address and that the server is running.`;
}
