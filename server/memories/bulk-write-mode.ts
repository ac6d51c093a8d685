import { sql } from 'kysely';
import type { Storage } from '../db/storage';

interface BulkState {
  /** Imports writing now. */
  count: number;
  /** The connection's settings change one step at a time, in the order the steps were taken. */
  steps: Promise<void>;
  /** The settings before the first import, put back when the last one ends. */
  original?: { cacheSize: number; autocheckpoint: number };
}

const states = new WeakMap<Storage, BulkState>();

/**
 * SQLite, while any import writes: a large page cache (random inserts into the hash index), and
 * no checkpoint at every commit (each copies the WAL into the database and fsyncs, which made an
 * import in bounded transactions half again as slow); the WAL is checkpointed once when the last
 * import ends, as the one big transaction of old did. The settings belong to the connection, so
 * imports running at once share them. Answers the function that ends this import's share.
 */
export async function bulkWriteMode(storage: Storage): Promise<() => Promise<void>> {
  if (storage.dialect !== 'sqlite') return async () => undefined;
  const run = (text: string) => sql.raw(text).execute(storage.db);
  const state = states.get(storage) ?? { count: 0, steps: Promise.resolve() };
  states.set(storage, state);
  // A step runs after the one before it, whether that one worked or not.
  const step = (work: () => Promise<void>) => (state.steps = state.steps.then(work, work));

  async function begin() {
    if (!state.original) {
      const cache = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(storage.db);
      const wal = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(
        storage.db,
      );
      state.original = {
        cacheSize: Number(cache.rows[0]?.cache_size ?? -2000),
        autocheckpoint: Number(wal.rows[0]?.wal_autocheckpoint ?? 1000),
      };
    }
    await run('PRAGMA cache_size = -131072');
    await run('PRAGMA wal_autocheckpoint = 0');
  }

  async function end() {
    const { cacheSize, autocheckpoint } = state.original!;
    await run(`PRAGMA cache_size = ${cacheSize}`);
    await run(`PRAGMA wal_autocheckpoint = ${autocheckpoint}`);
    await run('PRAGMA wal_checkpoint(PASSIVE)');
  }

  const leave = async () => {
    state.count -= 1;
    if (state.count === 0) step(end);
    await state.steps;
  };
  state.count += 1;
  if (state.count === 1) step(begin);
  try {
    await state.steps;
  } catch (error) {
    await leave().catch(() => undefined);
    throw error;
  }
  return leave;
}
