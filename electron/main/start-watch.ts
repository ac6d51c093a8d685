import { readFile } from 'node:fs/promises';

/**
 * CPU time (user + system, in clock ticks) a process has used so far, from Linux's /proc; null
 * where there is no /proc or the process is gone.
 */
export async function cpuTicks(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15; field 3 is the first after the name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

export interface StartWatchOptions {
  /** The process being started; its CPU time counts as progress where /proc tells it. */
  pid: number | undefined;
  /** How long a start may go without progress before it is given up. */
  stallMs: number;
  /** Called once when the start stalled: no output and no CPU time for `stallMs`. */
  onStall: (quietMs: number) => void;
  /** How often the CPU time is read (default: 500 ms, or a quarter of `stallMs` if shorter). */
  intervalMs?: number;
  now?: () => number;
  readCpu?: (pid: number) => Promise<number | null>;
}

export interface StartWatch {
  /** The process said something (a line of output, a step of its start). */
  progressed(): void;
  stop(): void;
}

/**
 * Watches a starting process for signs of life instead of holding it to a fixed deadline: on a
 * busy machine a start that is slow but working must not be called failed. Output and CPU time
 * both count; a process that is alive but silent and idle for `stallMs` has stalled.
 */
export function watchStart(options: StartWatchOptions): StartWatch {
  const now = options.now ?? Date.now;
  const readCpu = options.readCpu ?? cpuTicks;
  let lastProgressAt = now();
  let lastTicks: number | null = null;
  let reading = false;
  let stopped = false;
  const read = async () => {
    const ticks = options.pid === undefined ? null : await readCpu(options.pid);
    if (ticks !== null && lastTicks !== null && ticks > lastTicks) lastProgressAt = now();
    if (ticks !== null) lastTicks = ticks;
  };
  // The CPU time at the start, so that the first reading can already show work.
  void read();
  const timer = setInterval(
    () => {
      if (reading || stopped) return;
      reading = true;
      void read()
        .then(() => {
          const quietMs = now() - lastProgressAt;
          if (!stopped && quietMs >= options.stallMs) {
            stop();
            options.onStall(quietMs);
          }
        })
        .finally(() => (reading = false));
    },
    options.intervalMs ?? Math.min(500, options.stallMs / 4),
  );
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return {
    progressed: () => (lastProgressAt = now()),
    stop,
  };
}
