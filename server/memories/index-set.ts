import { setImmediate as nextTurn } from 'node:timers/promises';
import { buildInTurns, inPacedSlices, type TmIndex } from '../tm';
import type { Storage } from '../db/storage';
import { unitQueries, type IndexRow } from './unit-queries';

/** Rows per slice of a load at most; each takes a few ms (../tm/pacing.ts), others run between. */
export const LOAD_SLICE = 2_000;
/** Milliseconds of list building per turn of the event loop (server/tm/list-build.ts). */
export const BUILD_STEP_MS = 8;

interface Entry {
  index: TmIndex;
  /** Settles when the load is over (rejects when it failed). */
  loading: Promise<void>;
  loaded: boolean;
  /** While loading: the id of the last row read; the load reads the rows above it later. */
  afterId: number;
  /** The tail of the reads that feed the index: see `serially`. */
  reads: Promise<unknown>;
  /** The last run of `build`: runs go one after another. */
  building: Promise<void>;
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
 * An index's lists are built a step at a time with turns of the event loop between
 * (`build`): at the end of a load, and in the background when changes make a rebuild due;
 * queries meanwhile answer from the lists as they were, and the units added since.
 *
 * Reads into one index (load slices, `refresh`) run one after another: each starts after every
 * earlier one was applied, so a read that began before a commit is never applied after one that
 * began after it. (A change that commits while a read is running is re-read once the feed
 * delivers it; this process's own writes apply as they commit, and on SQLite no read of the one
 * connection overlaps a write.)
 */
export function createIndexSet(
  storage: Storage,
  /** A new index; it calls `onBuildNeeded` when a rebuild is due (see `build`). */
  createIndex: (onBuildNeeded: () => void) => TmIndex,
  /** Awaited before the first slice of every load (the change feed is started). */
  beforeLoad: () => Promise<void>,
  /** Milliseconds of list building per turn (tests pass 0: the least work a step can do). */
  buildStepMs = BUILD_STEP_MS,
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
    await inPacedSlices(LOAD_SLICE, (size) =>
      serially(entry, async () => {
        const rows = await units.indexPage(memoryId, last, size);
        if (!isCurrent()) return false;
        for (const row of rows) entry.index.add(toIndexUnit(row));
        if (rows.length > 0) last = rows[rows.length - 1]!.id;
        if (!entry.loaded) entry.afterId = last;
        return rows.length === size;
      }),
    );
    return last;
  }

  /** Builds the index's lists a step per turn until done or dropped, after any run before. */
  function build(entry: Entry, isCurrent: () => boolean): Promise<void> {
    const run = entry.building
      .catch(() => undefined)
      .then(() => buildInTurns(entry.index, buildStepMs, isCurrent));
    entry.building = run;
    return run;
  }

  function start(memoryId: number): Entry {
    const isCurrent = () => entries.get(memoryId) === entry;
    // A rebuild that changes made due runs in the background; should it fail, the index is
    // forgotten, and the next use loads it again.
    const rebuild = () =>
      build(entry, isCurrent).catch(() => {
        if (isCurrent()) entries.delete(memoryId);
      });
    const entry: Entry = {
      index: createIndex(() => void rebuild()),
      loading: Promise.resolve(),
      loaded: false,
      afterId: 0,
      reads: Promise.resolve(),
      building: Promise.resolve(),
    };
    entries.set(memoryId, entry);
    entry.loading = (async () => {
      try {
        await beforeLoad();
        // Sized ahead, so the load does not regrow the index's arrays (a stall each time).
        entry.index.reserve?.(await units.unitCount(memoryId));
        await nextTurn();
        await readAfter(memoryId, entry, 0, isCurrent);
        if (!isCurrent()) return;
        await build(entry, isCurrent);
        if (!isCurrent()) return;
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

  function ifLoaded(memoryId: number): TmIndex | undefined {
    const entry = entries.get(memoryId);
    return entry?.loaded ? entry.index : undefined;
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
    ifLoaded,
    size: (memoryId: number): number | null => ifLoaded(memoryId)?.size ?? null,
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

    /** Re-reads units another process changed, in slices: present ones added, gone ones removed. */
    async refresh(memoryId: number, ids: readonly number[]): Promise<void> {
      const entry = entries.get(memoryId);
      if (!entry) return;
      await serially(entry, async () => {
        // A load in progress reads the rows above `afterId` later, at their latest state: until
        // then such a unit is out of the index (this process may have applied an older state).
        const due = entry.loaded ? ids : ids.filter((id) => id <= entry.afterId);
        if (!entry.loaded) for (const id of ids) if (id > entry.afterId) entry.index.remove(id);
        let at = 0;
        await inPacedSlices(LOAD_SLICE, async (size) => {
          const slice = due.slice(at, (at += size));
          const rows = await units.indexRows(memoryId, slice);
          if (entries.get(memoryId) !== entry) return false;
          const present = new Set<number>();
          for (const row of rows) {
            present.add(row.id);
            entry.index.add(toIndexUnit(row));
          }
          for (const id of slice) if (!present.has(id)) entry.index.remove(id);
          return at < due.length;
        });
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
