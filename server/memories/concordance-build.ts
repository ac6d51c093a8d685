import type { Storage } from '../db/storage';
import { inPacedSlices } from '../tm';
import type { ConcordanceIndex } from '../tm/concordance-index';
import type { ConcordanceBuild } from '../tm/concordance-lazy';
import type { ConcordantTmIndex } from '../tm/concordance-tm-index';
import { LOAD_SLICE } from './index-set';
import type { TmRegistry } from './registry';
import { unitQueries } from './unit-queries';

export interface ConcordanceBuildOptions {
  /** How long a search waits for a build before it answers that the memory is indexing. */
  waitMs?: number;
  /** Awaited before each slice of a build's read (tests hold a build with it). */
  beforeSlice?: () => Promise<void>;
}

/** A search waits this long for a build before answering 503 (the renderer asks again). */
export const CONCORDANCE_WAIT_MS = 3_000;

/** A memory's concordance index once built, or how far its build has got. */
export type ConcordanceReadiness = { built: ConcordanceIndex } | { done: number; total: number };

/**
 * Builds memories' concordance indexes on their first search, from the database: the units read
 * in paced slices as a TM index loads (index-set.ts), so the event loop is never held long. The
 * build is started (changes reach it from then on) before its first read: see ConcordanceBuild.
 */
export function createConcordanceBuilds(storage: Storage, tm: TmRegistry) {
  const units = unitQueries(storage.db, storage.dialect);
  const options: ConcordanceBuildOptions = tm.concordanceBuild;
  const runs = new WeakMap<ConcordanceBuild, Promise<void>>();

  async function run(memoryId: number, index: ConcordantTmIndex, build: ConcordanceBuild) {
    // The memory's index was dropped (memory deleted, change feed gap): its build is of no use.
    const isCurrent = () => tm.loadedIndex(memoryId) === index;
    let last = 0;
    try {
      await inPacedSlices(LOAD_SLICE, async (size) => {
        await options.beforeSlice?.();
        if (!isCurrent()) return false;
        const rows = await units.indexPage(memoryId, last, size);
        if (!isCurrent()) return false;
        for (const row of rows) build.read(row.id, row.source, row.target);
        if (rows.length > 0) last = rows[rows.length - 1]!.id;
        return rows.length === size;
      });
    } catch (error) {
      build.abandon();
      throw error;
    }
    if (isCurrent()) build.finish();
    else build.abandon();
  }

  /**
   * The index's concordance side once built, starting its build if need be and waiting for it
   * up to `waitMs`; else how far the build has got.
   */
  return async function whenBuilt(
    memoryId: number,
    index: ConcordantTmIndex,
  ): Promise<ConcordanceReadiness> {
    const lazy = index.concordance;
    if (lazy.built) return { built: lazy.built };
    const build = lazy.building ?? lazy.startBuild(index.size);
    let running = runs.get(build);
    if (!running) {
      running = run(memoryId, index, build);
      runs.set(build, running);
      // The searches waiting see a failure; should none wait, it is not unhandled.
      running.catch(() => undefined);
    }
    await waitAtMost(running, options.waitMs ?? CONCORDANCE_WAIT_MS);
    // Read again: the build may have ended meanwhile (TypeScript keeps the narrowing above).
    const built = lazy.built as ConcordanceIndex | null;
    if (built) return { built };
    return { done: Math.min(build.done, build.total), total: build.total };
  };
}

/** Settles when `promise` does (rejecting as it does), or after `ms`, whichever comes first. */
async function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([promise, elapsed]);
  } finally {
    clearTimeout(timer);
  }
}
