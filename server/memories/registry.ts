import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TranslationMemoryEntry } from '../../shared/api/tm';
import { createTmIndex, restoreInlineCodes, type TmIndex } from '../tm';
import type { Database } from '../db/db';
import {
  createUnitStore,
  type IndexRow,
  type NewUnit,
  type UnitPatch,
  type UnitRow,
} from './unit-queries';
import { nowSeconds } from '../db/time';

/** The engine's entry points (server/tm/), injectable so tests can count or slow them. */
export interface TmEngine {
  createTmIndex(): TmIndex;
  restoreInlineCodes(matchSource: string, matchTarget: string, currentSource: string): string;
}

const defaultEngine: TmEngine = { createTmIndex, restoreInlineCodes };

/** The current segment's surroundings, for the 101 (context) match. */
export interface MatchContext {
  prevSource?: string | null;
  nextSource?: string | null;
  contextKey?: string | null;
}

export interface FindOptions {
  /** At most this many matches (default 10). */
  n?: number;
  /** Lowest score (default 50). */
  threshold?: number;
  context?: MatchContext;
}

/** Changes to units inside one `write` transaction; the index follows after the commit. */
export interface UnitWriter {
  add(memoryId: number, unit: NewUnit): UnitRow;
  /** Null when the memory has no such unit. */
  update(memoryId: number, unitId: number, patch: UnitPatch): UnitRow | null;
  remove(memoryId: number, unitId: number): boolean;
}

/** Rows read per slice while an index loads (about 20 ms); other requests run between slices. */
export const LOAD_SLICE = 5_000;

export const DEFAULT_MATCHES = 10;
export const DEFAULT_THRESHOLD = 50;

interface MemoryInfo {
  id: number;
  name: string;
}

const toIndexUnit = (row: IndexRow) => ({
  id: row.id,
  source: row.source,
  target: row.target,
  prevSource: row.prev_source,
  nextSource: row.next_source,
  contextKey: row.context_key,
});

/**
 * The translation memories' fuzzy indexes, one per memory, kept in step with SQLite.
 *
 * - An index is loaded on first use from the memory's rows. `ready` loads it a slice of rows at
 *   a time, so the server goes on answering while a million units load (seconds); a synchronous
 *   caller (`indexOf`, `findMatches`) finishes the load at once. The index is registered from the
 *   start, so changes committed meanwhile reach it: rows are read at their latest state, and a
 *   change is applied when it commits, so whichever comes later is the newer and wins (`add`
 *   replaces a unit, `remove` of an absent one does nothing). `drop` forgets an index.
 * - Every change to units goes through `write` (or `addUnit`/`updateUnit`/`deleteUnit`): the
 *   rows change in one transaction, and the loaded index follows only once it has committed,
 *   so a rolled-back change never reaches the index. A memory whose index is not loaded yet
 *   needs nothing: its index will be read from the committed rows.
 * - Bulk imports insert rows themselves and then call `appendCommitted`.
 */
export function createTmRegistry(db: Database, options: { engine?: TmEngine } = {}) {
  const engine = options.engine ?? defaultEngine;
  const units = createUnitStore(db);
  const indexes = new Map<number, TmIndex>();
  /** Indexes still loading: the id of the last row read, and the end of the load. */
  const loading = new Map<number, { afterId: number; done: Promise<void> }>();
  const memoryOf = db.prepare<[number, number], MemoryInfo>(
    'SELECT id, name FROM memories WHERE id = ? AND org_id = ?',
  );

  /** Adds the next slice of rows after `state.afterId`; false once there were no more. */
  function readSlice(memoryId: number, index: TmIndex, state: { afterId: number }): boolean {
    const rows = units.indexPage(memoryId, state.afterId, LOAD_SLICE);
    for (const row of rows) index.add(toIndexUnit(row));
    if (rows.length > 0) state.afterId = rows[rows.length - 1]!.id;
    return rows.length === LOAD_SLICE;
  }

  function finishLoad(memoryId: number, index: TmIndex): void {
    loading.delete(memoryId);
    index.prepare?.();
  }

  /** Registers a new index for the memory and loads it in slices, in the background. */
  function startLoad(memoryId: number): void {
    const index = engine.createTmIndex();
    indexes.set(memoryId, index);
    const state = { afterId: 0, done: Promise.resolve() };
    loading.set(memoryId, state);
    // Whoever finishes the load (this loop, or a synchronous caller) removes `state`.
    const isCurrent = () => loading.get(memoryId) === state;
    state.done = (async () => {
      try {
        while (isCurrent() && readSlice(memoryId, index, state)) await nextTurn();
        if (isCurrent()) finishLoad(memoryId, index);
      } catch (error) {
        if (isCurrent()) {
          loading.delete(memoryId);
          indexes.delete(memoryId);
        }
        throw error;
      }
    })();
    // Waiters see the failure; a load nobody waits for (a synchronous caller finished it, or
    // it failed first) must not become an unhandled rejection.
    state.done.catch(() => undefined);
  }

  /** The memory's index, loaded from SQLite on first use (at once: this caller cannot wait). */
  function indexOf(memoryId: number): TmIndex {
    if (!indexes.has(memoryId)) startLoad(memoryId);
    const index = indexes.get(memoryId)!;
    const state = loading.get(memoryId);
    if (state) {
      while (readSlice(memoryId, index, state));
      finishLoad(memoryId, index);
    }
    return index;
  }

  /**
   * Resolves once the memory's index is loaded, loading it in slices if need be. Nothing to wait
   * for when the organization has no such memory (`findMatches` then answers null).
   */
  function ready(orgId: number, memoryId: number): Promise<void> {
    if (!memoryOf.get(memoryId, orgId)) return Promise.resolve();
    if (!indexes.has(memoryId)) startLoad(memoryId);
    return loading.get(memoryId)?.done ?? Promise.resolve();
  }

  function write<T>(fn: (writer: UnitWriter) => T): T {
    if (db.inTransaction) {
      // Its index changes could not wait for a commit that happens elsewhere.
      throw new Error('TmRegistry.write runs its own transaction: call it outside any other');
    }
    const afterCommit: Array<() => void> = [];
    const touched = new Map<number, number>();
    const now = nowSeconds();
    const count = (memoryId: number, delta: number) =>
      touched.set(memoryId, (touched.get(memoryId) ?? 0) + delta);
    const writer: UnitWriter = {
      add(memoryId, unit) {
        const id = units.insert(memoryId, unit, now);
        const row = units.get(memoryId, id) as UnitRow;
        count(memoryId, 1);
        afterCommit.push(() => indexes.get(memoryId)?.add(toIndexUnit(row)));
        return row;
      },
      update(memoryId, unitId, patch) {
        const row = units.update(memoryId, unitId, patch, now);
        if (!row) return null;
        count(memoryId, 0);
        afterCommit.push(() => indexes.get(memoryId)?.add(toIndexUnit(row)));
        return row;
      },
      remove(memoryId, unitId) {
        if (!units.remove(memoryId, unitId)) return false;
        count(memoryId, -1);
        afterCommit.push(() => indexes.get(memoryId)?.remove(unitId));
        return true;
      },
    };
    const result = db
      .transaction(() => {
        const value = fn(writer);
        for (const [memoryId, delta] of touched) units.touchMemory(memoryId, delta, now);
        return value;
      })
      .immediate();
    for (const apply of afterCommit) apply();
    return result;
  }

  return {
    write,
    indexOf,
    ready,

    /** Adds one unit (the editor's confirmed segment, the API); matched by the next query. */
    addUnit: (memoryId: number, unit: NewUnit): UnitRow => write((w) => w.add(memoryId, unit)),

    updateUnit: (memoryId: number, unitId: number, patch: UnitPatch): UnitRow | null =>
      write((w) => w.update(memoryId, unitId, patch)),

    deleteUnit: (memoryId: number, unitId: number): boolean =>
      write((w) => w.remove(memoryId, unitId)),

    /**
     * After a bulk insert has committed: brings the memory's index up to date, in slices, the
     * units with ids above `afterId` added (a load in progress reads them anyway). A memory whose
     * index is not loaded is loaded now: it is about to be searched.
     */
    async appendCommitted(memoryId: number, afterId: number): Promise<void> {
      const index = indexes.get(memoryId);
      if (!index) {
        startLoad(memoryId);
        return loading.get(memoryId)?.done;
      }
      const loadingNow = loading.get(memoryId);
      if (loadingNow) return loadingNow.done;
      const state = { afterId };
      while (indexes.get(memoryId) === index && readSlice(memoryId, index, state)) {
        await nextTurn();
      }
    },

    /** Forgets a memory's index (the memory was deleted). */
    drop(memoryId: number): void {
      indexes.delete(memoryId);
      loading.delete(memoryId);
    },

    /** Whether the memory's index is in memory now, fully loaded. */
    isLoaded: (memoryId: number): boolean => indexes.has(memoryId) && !loading.has(memoryId),

    /**
     * Fuzzy matches for `text` in one of the organization's memories, best first; null when the
     * organization has no such memory. Each target has the inline codes of `text` restored
     * where they correspond. For `GET /v2/memories/query` and `POST /v2/translate`.
     */
    findMatches(
      orgId: number,
      memoryId: number,
      text: string,
      findOptions: FindOptions = {},
    ): TranslationMemoryEntry[] | null {
      const memory = memoryOf.get(memoryId, orgId);
      if (!memory) return null;
      const { context = {} } = findOptions;
      const hits = indexOf(memoryId).query({
        text,
        threshold: findOptions.threshold ?? DEFAULT_THRESHOLD,
        limit: findOptions.n ?? DEFAULT_MATCHES,
        prevSource: context.prevSource ?? null,
        nextSource: context.nextSource ?? null,
        contextKey: context.contextKey ?? null,
      });
      const entries: TranslationMemoryEntry[] = [];
      for (const hit of hits) {
        const row = units.get(memoryId, hit.id);
        if (!row) continue;
        entries.push({
          source: row.source,
          target: engine.restoreInlineCodes(row.source, row.target, text),
          score: hit.score,
          metadata: entryMetadata(row, memory),
        });
      }
      return entries;
    },
  };
}

function entryMetadata(row: UnitRow, memory: MemoryInfo): TranslationMemoryEntry['metadata'] {
  const metadata: TranslationMemoryEntry['metadata'] = {
    segment_id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    memory_id: memory.id,
    memory_name: memory.name,
    origin: row.origin,
  };
  if (row.context_key !== null) metadata.key = row.context_key;
  return metadata;
}

export type TmRegistry = ReturnType<typeof createTmRegistry>;
