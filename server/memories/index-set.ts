import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TmIndex } from '../tm';
import type { Storage } from '../db/storage';
import { unitQueries, type IndexRow } from './unit-queries';

/** Rows read per slice while an index loads (about 10 ms); other requests run between slices. */
export const LOAD_SLICE = 2_000;

interface Entry {
  index: TmIndex;
  /** Settles when the load is over (rejects when it failed). */
  loading: Promise<void>;
  loaded: boolean;
  /** While loading: the id of the last row read; the load reads the rows above it later. */
  afterId: number;
  /** The tail of the reads that feed the index: see `serially`. */
  reads: Promise<unknown>;
}

export const toIndexUnit = (row: IndexRow) => ({
  id: row.id,
  source: row.source,
  target: row.target,
  prevSource: row.prev_source,
  nextSource: row.next_source,
  contextKey: row.context_key,
});

/**
 * The memories' indexes, each loaded from the database a slice at a time. An index is
 * registered from the start of its load, so a change committed meanwhile reaches it: `apply` and
 * `removeUnit` (this process's writes, right after their commit) and `refresh` (any process's,
 * from the change feed). `add` replaces a unit and removing an absent one does nothing, so a
 * change applied twice is harmless.
 *
 * Reads into one index (load slices, `refresh`) run one after another: each starts after every
 * earlier one was applied, so a read that began before a commit is never applied after one that
 * began after it. (A change that commits while a read is running is re-read once the feed
 * delivers it; this process's own writes apply as they commit, and on SQLite no read of the one
 * connection overlaps a write.)
 */
export function createIndexSet(
  storage: Storage,
  createIndex: () => TmIndex,
  /** Awaited before the first slice of every load (the change feed is started). */
  beforeLoad: () => Promise<void>,
) {
  const units = unitQueries(storage.db, storage.dialect);
  const entries = new Map<number, Entry>();

  function serially<T>(entry: Entry, read: () => Promise<T>): Promise<T> {
    const done = entry.reads.then(read);
    entry.reads = done.catch(() => undefined);
    return done;
  }

  /** Adds the rows after `afterId`, a slice at a time; answers the last id read. */
  async function readAfter(
    memoryId: number,
    entry: Entry,
    afterId: number,
    isCurrent: () => boolean,
  ) {
    let last = afterId;
    for (;;) {
      const count = await serially(entry, async () => {
        const rows = await units.indexPage(memoryId, last, LOAD_SLICE);
        if (!isCurrent()) return 0;
        for (const row of rows) entry.index.add(toIndexUnit(row));
        if (rows.length > 0) last = rows[rows.length - 1]!.id;
        if (!entry.loaded) entry.afterId = last;
        return rows.length;
      });
      if (count < LOAD_SLICE || !isCurrent()) return last;
      await nextTurn();
    }
  }

  function start(memoryId: number): Entry {
    const entry: Entry = {
      index: createIndex(),
      loading: Promise.resolve(),
      loaded: false,
      afterId: 0,
      reads: Promise.resolve(),
    };
    entries.set(memoryId, entry);
    const isCurrent = () => entries.get(memoryId) === entry;
    entry.loading = (async () => {
      try {
        await beforeLoad();
        await readAfter(memoryId, entry, 0, isCurrent);
        if (!isCurrent()) return;
        entry.index.prepare?.();
        entry.loaded = true;
      } catch (error) {
        // Forgotten: the next use loads it again.
        if (isCurrent()) entries.delete(memoryId);
        throw error;
      }
    })();
    // Waiters see the failure; nobody may be waiting.
    entry.loading.catch(() => undefined);
    return entry;
  }

  /** The memory's index once loaded (loading it if need be). */
  async function loaded(memoryId: number): Promise<TmIndex> {
    for (;;) {
      const entry = entries.get(memoryId) ?? start(memoryId);
      await entry.loading;
      // Dropped meanwhile (a reload after a gap in the feed): wait for the new one.
      if (entries.get(memoryId) === entry) return entry.index;
    }
  }

  return {
    loaded,

    isLoaded: (memoryId: number) => entries.get(memoryId)?.loaded === true,
    /** The memory's index if it is loaded now. */
    ifLoaded(memoryId: number): TmIndex | undefined {
      const entry = entries.get(memoryId);
      return entry?.loaded ? entry.index : undefined;
    },
    size(memoryId: number): number | null {
      const entry = entries.get(memoryId);
      return entry?.loaded ? entry.index.size : null;
    },
    has: (memoryId: number) => entries.has(memoryId),

    /** After a bulk insert committed: the rows above `afterId` join a loaded index. */
    async appendAfter(memoryId: number, afterId: number): Promise<void> {
      const entry = entries.get(memoryId);
      if (!entry) return void (await loaded(memoryId));
      if (!entry.loaded) return entry.loading;
      await readAfter(memoryId, entry, afterId, () => entries.get(memoryId) === entry);
    },

    /** A committed row, added to (or replaced in) the memory's index if it has one. */
    apply(memoryId: number, row: IndexRow): void {
      entries.get(memoryId)?.index.add(toIndexUnit(row));
    },

    removeUnit(memoryId: number, unitId: number): void {
      entries.get(memoryId)?.index.remove(unitId);
    },

    /** Re-reads units another process changed: present ones are added, gone ones removed. */
    async refresh(memoryId: number, ids: readonly number[]): Promise<void> {
      const entry = entries.get(memoryId);
      if (!entry) return;
      await serially(entry, async () => {
        // A load in progress reads the rows above `afterId` later, at their latest state: until
        // then such a unit is out of the index (this process may have applied an older state).
        const due = entry.loaded ? ids : ids.filter((id) => id <= entry.afterId);
        if (!entry.loaded) for (const id of ids) if (id > entry.afterId) entry.index.remove(id);
        const rows = await units.indexRows(memoryId, due);
        if (entries.get(memoryId) !== entry) return;
        const present = new Set<number>();
        for (const row of rows) {
          present.add(row.id);
          entry.index.add(toIndexUnit(row));
        }
        for (const id of due) if (!present.has(id)) entry.index.remove(id);
      });
    },

    drop(memoryId: number): void {
      entries.delete(memoryId);
    },

    dropAll(): void {
      entries.clear();
    },
  };
}

export type IndexSet = ReturnType<typeof createIndexSet>;
