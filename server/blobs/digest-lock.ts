import { sql } from 'kysely';
import type { Dialect, Queryable } from '../db/storage';

/**
 * Runs `work` once every earlier `work` of the same key has settled: the commits and releases of
 * one content never interleave in this process.
 */
export function keyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

/**
 * Holds, until the transaction `tx` ends, PostgreSQL's advisory lock on one content: the server
 * processes of a team share one blob folder, so a commit in one and a release in another must
 * wait for each other as they do within one process. SQLite needs nothing: one process owns the
 * file, and its transaction holds the write lock.
 */
export async function lockDigest(tx: Queryable, dialect: Dialect, sha256: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${'wordbench blob ' + sha256}, 0))`.execute(
    tx,
  );
}
