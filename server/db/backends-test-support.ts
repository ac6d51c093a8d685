import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from './db';
import { dropSharedPgDatabase, sharedPgDatabase } from './shared-pg-test-support';
import { openPostgresStorage, sqliteStorage, type Storage } from './storage';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: Backend[] = ['sqlite', 'postgres'];

/**
 * Both backends for one test file, opened before its tests and closed after: a real SQLite file
 * and a database of the run's throw-away PostgreSQL cluster (shared-pg-test-support.ts), both
 * migrated and empty; the file's PostgreSQL databases are dropped at its end.
 * `dir` is a temporary folder the file may use (removed at the end).
 */
export function useBothBackends(name: string) {
  const pgDatabases: string[] = [];
  const pgDatabase = async (prefix: string) => {
    // Migrated already: a copy of the run's migrated database (openPostgresStorage finds it so).
    const url = await sharedPgDatabase(prefix, { migrated: true });
    pgDatabases.push(url);
    return url;
  };
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
        if (!opened.postgres) throw new Error('PostgreSQL is not open (beforeAll failed?)');
        // The url lets a test open more pools on the database, as more processes would.
        const url = await pgDatabase(name);
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
    opened.postgres = await openPostgresStorage(await pgDatabase(name));
  });
  afterAll(async () => {
    await opened.postgres?.close();
    for (const url of pgDatabases.splice(0)) await dropSharedPgDatabase(url);
    sqlite?.close();
    if (state.dir) rmSync(state.dir, { recursive: true, force: true });
  });
  return state;
}
