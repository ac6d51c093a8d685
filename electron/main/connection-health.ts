import type { Reachability } from '../../shared/ipc/settings';
import { certificateHint, fetchTrusting } from './gateway/transport';

/** How the server calls go to is watched: a `GET /health` every `intervalMs`. */
export interface HealthWatchOptions {
  /** Between the end of one probe and the start of the next. */
  intervalMs?: number;
  /**
   * A probe still unanswered after this long says unreachable. The probe keeps waiting (up to
   * `abandonMs`), so a late answer from a busy server turns the badge back at once.
   */
  silentMs?: number;
  /** A probe still unanswered after this long is given up and the next one starts. */
  abandonMs?: number;
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

/**
 * A server that stops answering shows within intervalMs + silentMs (1.5 s): the issue asks for
 * red within 2 s. A busy machine that answers late shows red only while it is silent, and calls
 * to a server that answered before are not failed for it (`isSlow`).
 */
export const HEALTH_DEFAULTS = { intervalMs: 300, silentMs: 1_200, abandonMs: 5_000 };

/**
 * Probes the server calls go to and reports each change of reachability. Any HTTP answer counts
 * as reachable (this is about the network, not the API); a refused connection, an unknown host or
 * an untrusted certificate is unreachable at once, and a silent server after `silentMs`.
 */
export function watchHealth(
  target: () => ProbeTarget | null,
  onChange: () => void,
  options: HealthWatchOptions = {},
): HealthWatch {
  const { intervalMs, silentMs, abandonMs } = { ...HEALTH_DEFAULTS, ...options };
  const doFetch = options.fetch ?? fetch;
  let probed: { baseUrl: string; reachability: Reachability } | null = null;
  /** The address that last answered a probe. */
  let answered: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let running: Promise<void> | null = null;

  /** Records what `baseUrl` answered, if calls still go there, and says so when it changed. */
  function report(baseUrl: string, next: Reachability): void {
    if (isStopped || target()?.baseUrl !== baseUrl) return;
    const previous = probed;
    probed = { baseUrl, reachability: next };
    if (previous?.baseUrl !== baseUrl || !sameReachability(previous.reachability, next)) {
      onChange();
    }
  }

  async function probe(): Promise<void> {
    const now = target();
    if (now === null) return;
    // A new address that is silent is most likely wrong: calls fail at once. One that answered
    // before is only slow so far: the badge turns red, calls still go (isSlow).
    const isSlow = answered === now.baseUrl;
    const silence = setTimeout(
      () =>
        report(now.baseUrl, {
          state: 'unreachable',
          message: silentMessage(now.baseUrl),
          ...(isSlow ? { isSlow } : {}),
        }),
      silentMs,
    );
    silence.unref?.();
    try {
      const url = `${now.baseUrl.replace(/\/+$/, '')}/health`;
      const response = await fetchTrusting(now.ca, doFetch)(url, {
        signal: AbortSignal.timeout(abandonMs),
      });
      await response.body?.cancel();
      answered = now.baseUrl;
      report(now.baseUrl, { state: 'reachable' });
    } catch (error) {
      report(now.baseUrl, { state: 'unreachable', message: describeFailure(error, now.baseUrl) });
    } finally {
      clearTimeout(silence);
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
  if (a.state === 'reachable' || b.state === 'reachable') return a.state === b.state;
  return a.message === b.message && a.isSlow === b.isSlow;
}

function silentMessage(baseUrl: string): string {
  return `The server at ${new URL(baseUrl).origin} does not answer.`;
}

function describeFailure(error: unknown, baseUrl: string): string {
  if (error instanceof Error && error.name === 'TimeoutError') return silentMessage(baseUrl);
  const origin = new URL(baseUrl).origin;
  const certificate = certificateHint(error);
  if (certificate) return `The connection to ${origin} is not trusted. ${certificate}`;
  return `Cannot reach the server at ${origin}: check the address and that the server is running.`;
}
