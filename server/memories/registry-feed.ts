import { sql } from 'kysely';
import {
  latestChangeSeq,
  startChangeFeed,
  type ChangeFeed,
  type UnitChange,
} from '../db/change-feed';
import type { Queryable, Storage } from '../db/storage';
import type { IndexSet } from './index-set';

/** What the registry does with the feed's changes. */
export interface FeedTarget {
  indexes: IndexSet;
  /** A memory was deleted (by any process): its index and what is cached of it go. */
  forget(memoryId: number): void;
  /** Changes were missed: every index and everything cached goes, to be read again. */
  forgetAll(): void;
}

export interface UnitChangeFollower {
  /** Resolves once the feed runs (it started from the seq latest at that moment). */
  started(): Promise<void>;
  /** Resolves once every change committed before the call has been applied. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** `latestChangeSeq` over a Kysely handle. */
const latestSeq = (db: Queryable) =>
  latestChangeSeq({
    query: (text: string) => sql.raw(text).execute(db),
  } as unknown as Parameters<typeof latestChangeSeq>[0]);

/** Applies one batch of the feed, in order: units re-read per memory, deleted memories dropped. */
async function applyChanges(target: FeedTarget, changes: UnitChange[]): Promise<void> {
  const changed = new Map<number, number[]>();
  for (const change of changes) {
    if (change.op === 'memory-deleted') {
      changed.delete(change.memoryId);
      target.forget(change.memoryId);
    } else if (change.unitId !== null && target.indexes.has(change.memoryId)) {
      const ids = changed.get(change.memoryId);
      if (ids) ids.push(change.unitId);
      else changed.set(change.memoryId, [change.unitId]);
    }
  }
  for (const [memoryId, ids] of changed) await target.indexes.refresh(memoryId, ids);
}

/**
 * On PostgreSQL, keeps the indexes of this process in step with the units every process writes
 * (server/db/change-feed.ts). Started by the first load: the seq it follows from is read before
 * that load reads any row, so every change committed after a row was read is delivered. A gap
 * (changes pruned before they were read) drops every index, to be loaded again. On SQLite one
 * process owns the file: there is nothing to follow.
 */
export function followUnitChanges(
  storage: Storage,
  target: FeedTarget,
  onError: (error: Error) => void,
): UnitChangeFollower {
  const url = storage.url;
  if (storage.dialect !== 'postgres' || !url) {
    return {
      started: () => Promise.resolve(),
      caughtUp: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
  }
  let feed: ChangeFeed | null = null;
  let starting: Promise<void> | null = null;
  let closed = false;

  async function start(): Promise<void> {
    const after = await latestSeq(storage.db);
    if (closed) return;
    feed = startChangeFeed({
      url: url!,
      after,
      onChanges: (changes) => applyChanges(target, changes),
      async onGap() {
        const seq = await latestSeq(storage.db);
        target.forgetAll();
        return seq;
      },
      onError,
    });
  }

  return {
    started() {
      // A failed start (the database unreachable) is tried again by the next load.
      starting ??= start().catch((error: unknown) => {
        starting = null;
        throw error;
      });
      return starting;
    },
    caughtUp: async () => feed?.caughtUp(),
    async close() {
      closed = true;
      await starting?.catch(() => undefined);
      await feed?.close();
      feed = null;
    },
  };
}
