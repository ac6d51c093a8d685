import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from './db';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { openPostgresStorage, sqliteStorage, type Storage } from './storage';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: Backend[] = ['sqlite', 'postgres'];

/**
 * Both backends for one test file, opened before its tests and closed after: a real SQLite file
 * and a database of a throw-away PostgreSQL cluster (pg-cluster.ts), both migrated and empty.
 * `dir` is a temporary folder the file may use (removed at the end).
 */
export function useBothBackends(name: string) {
  let cluster: PgCluster | undefined;
  let sqlite: Database | undefined;
  const opened: Partial<Record<Backend, Storage>> = {};
  const state = {
    dir: '',
    storage(backend: Backend): Storage {
      const storage = opened[backend];
      if (!storage) throw new Error(`The ${backend} backend is not open (beforeAll failed?)`);
      return storage;
    },
    /** Another empty database on the backend (for what needs one of its own); the caller closes it. */
    async fresh(
      backend: Backend,
      name: string,
    ): Promise<{ storage: Storage; close(): Promise<void>; url?: string }> {
      if (backend === 'postgres') {
        if (!cluster) throw new Error('The postgres backend is not open (beforeAll failed?)');
        // The url lets a test open more pools on the database, as more processes would.
        const url = await cluster.createDatabase(name);
        const storage = await openPostgresStorage(url);
        return { storage, close: () => storage.close(), url };
      }
      const database = openDatabase(join(state.dir, `${name}.db`));
      return {
        storage: sqliteStorage(database),
        close: async () => void database.close(),
      };
    },
  };
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), `wordbench-${name}-`));
    sqlite = openDatabase(join(state.dir, 'wordbench.db'));
    opened.sqlite = sqliteStorage(sqlite);
    cluster = await startPgCluster();
    opened.postgres = await openPostgresStorage(await cluster.createDatabase(name));
  }, 120_000);
  afterAll(async () => {
    await opened.postgres?.close();
    await cluster?.stop();
    sqlite?.close();
    if (state.dir) rmSync(state.dir, { recursive: true, force: true });
  }, 60_000);
  return state;
}
