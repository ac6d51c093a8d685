import { discoverApertiumPairs, readModeStages, type ApertiumPair } from './apertium-pairs';
import { ApertiumPipeline } from './apertium-pipeline';
import { decodeAnswer } from './apertium-reformat';
import { encodeSegment } from './apertium-stream';
import type { MtEngine, MtPair, MtTranslateOptions } from './engine';
import { MtError } from './errors';

export interface ApertiumEngineOptions {
  /** The `apertium` front end: `binary -l` lists the installed pairs. */
  binary?: string;
  /** Apertium's data folder, whose `modes/MODE.mode` define the pipelines; default as `apertium`. */
  dataDir?: string;
  /** A pipeline with no work for this long ends (default 5 minutes). */
  idleMs?: number;
  /** A pipeline that leaves a segment unanswered this long is hung: killed, callers rejected (10 s). */
  timeoutMs?: number;
  /** At most this many pipelines run at once; the least recently used idle one makes room (4). */
  maxPipelines?: number;
  /** Segments in flight per pipeline (32; see apertium-pipeline.ts). */
  window?: number;
}

export interface ApertiumEngine extends MtEngine {
  /** The running pipelines: mode and process group id (for diagnostics and tests). */
  running(): { mode: string; pid: number }[];
}

/**
 * The offline engine. Pairs come from `apertium -l`; each pair gets one long-lived null-flush
 * pipeline, started on first use (about half a second) and shared by every caller. The wrapper
 * script `apertium` itself cannot serve a long-lived pipe (it reads `/dev/stdin`, which a Node
 * socket cannot be reopened as, and its gawk filters hold each NUL-terminated record until the next
 * byte arrives), so the engine runs the mode's stages itself, as apertium-apy does.
 */
export function createApertiumEngine(options: ApertiumEngineOptions = {}): ApertiumEngine {
  const { binary = 'apertium', dataDir, window } = options;
  const { idleMs = 5 * 60_000, timeoutMs = 10_000, maxPipelines = 4 } = options;
  const pipelines = new Map<string, ApertiumPipeline>();
  const idleTimers = new Map<ApertiumPipeline, NodeJS.Timeout>();
  const stages = new Map<string, Promise<string>>();
  let wakeWaiters: (() => void)[] = [];
  let installed: Promise<ApertiumPair[]> | undefined;
  let closed = false;

  const discover = () => (installed ??= discoverApertiumPairs({ binary, dataDir }));
  const closedError = () => new MtError('closed', 'The Apertium engine is closed');
  const wake = () => {
    const waiters = wakeWaiters;
    wakeWaiters = [];
    for (const waiter of waiters) waiter();
  };

  async function modeOf({ source, target }: MtPair): Promise<string> {
    const all = await discover();
    const found = all.find((pair) => pair.source === source && pair.target === target);
    if (found) return found.mode;
    const list = all.map((pair) => `${pair.source}->${pair.target}`).join(', ') || 'none';
    throw new MtError(
      'pair_not_installed',
      `Apertium has no ${source}->${target} pair installed (installed: ${list})`,
    );
  }

  function stagesOf(mode: string): Promise<string> {
    let found = stages.get(mode);
    if (!found) {
      found = readModeStages(mode, dataDir).catch((error: Error) => {
        stages.delete(mode);
        throw new MtError('engine_failed', `Apertium ${mode} cannot start: ${error.message}`);
      });
      stages.set(mode, found);
    }
    return found;
  }

  function start(mode: string, modeStages: string): ApertiumPipeline {
    const pipeline: ApertiumPipeline = new ApertiumPipeline({
      mode,
      stages: modeStages,
      timeoutMs,
      window,
      onStop: () => {
        clearTimeout(idleTimers.get(pipeline));
        idleTimers.delete(pipeline);
        if (pipelines.get(mode) === pipeline) pipelines.delete(mode);
        wake();
      },
      onIdle: () => {
        clearTimeout(idleTimers.get(pipeline));
        const timer = setTimeout(() => {
          if (!pipeline.busy) void pipeline.close();
        }, idleMs);
        idleTimers.set(pipeline, timer.unref());
        wake();
      },
    });
    pipelines.set(mode, pipeline);
    return pipeline;
  }

  /** The pair's pipeline, started if needed, within `maxPipelines`. */
  async function acquire(mode: string, signal: AbortSignal): Promise<ApertiumPipeline> {
    const modeStages = await stagesOf(mode);
    for (;;) {
      if (closed) throw closedError();
      signal.throwIfAborted();
      const current = pipelines.get(mode);
      if (current?.alive) return current;
      if (pipelines.size < maxPipelines) return start(mode, modeStages);
      const idle = [...pipelines.values()]
        .filter((pipeline) => !pipeline.busy)
        .sort((a, b) => a.lastUsed - b.lastUsed)[0];
      // Closing takes it out of the map at once (onStop), which frees the slot.
      if (idle) void idle.close();
      else await nextWake(signal);
    }
  }

  function nextWake(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      wakeWaiters.push(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      });
    });
  }

  /** One signal for the caller's abort and deadline, whose reason is already the MtError to throw. */
  function callSignal(pair: MtPair, count: number, options: MtTranslateOptions) {
    const controller = new AbortController();
    const { signal, timeoutMs: deadline } = options;
    const onAbort = () =>
      controller.abort(
        new MtError('aborted', 'The translation was aborted', { cause: signal?.reason }),
      );
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const what = `${count} segment${count === 1 ? '' : 's'} ${pair.source}->${pair.target}`;
    const timer =
      deadline === undefined
        ? undefined
        : setTimeout(() => {
            const message = `Translating ${what} took longer than ${deadline} ms`;
            controller.abort(new MtError('timeout', message));
          }, deadline);
    const dispose = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    return { signal: controller.signal, dispose };
  }

  return {
    name: 'apertium',

    async pairs() {
      // Two modes may serve one direction (`en-es`, `eng-spa`): offer it once.
      const unique = new Map<string, MtPair>();
      for (const { source, target } of await discover()) {
        if (!unique.has(`${source}>${target}`))
          unique.set(`${source}>${target}`, { source, target });
      }
      return [...unique.values()];
    },

    async supports(source, target) {
      return (await discover()).some((pair) => pair.source === source && pair.target === target);
    },

    async translate(pair, segments, callOptions = {}) {
      if (closed) throw closedError();
      const mode = await modeOf(pair);
      const encoded = segments.map(encodeSegment);
      const streams = encoded.filter((segment) => segment.split).map((segment) => segment.stream);
      if (streams.length === 0) return encoded.map((segment) => decodeAnswer(segment, ''));
      const { signal, dispose } = callSignal(pair, segments.length, callOptions);
      try {
        const pipeline = await acquire(mode, signal);
        const answers = await pipeline.run(streams, signal);
        let next = 0;
        return encoded.map((segment) =>
          decodeAnswer(segment, segment.split ? answers[next++]! : ''),
        );
      } finally {
        dispose();
      }
    },

    async close() {
      closed = true;
      wake();
      await Promise.all([...pipelines.values()].map((pipeline) => pipeline.close()));
    },

    running() {
      return [...pipelines.entries()].map(([mode, pipeline]) => ({ mode, pid: pipeline.pid! }));
    },
  };
}
