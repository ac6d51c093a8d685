import { join } from 'node:path';
import { DATABASE_FILE, openDatabase, type Database } from './db';
import { openPostgresStorage, sqliteStorage, type Storage } from './storage';

export interface OpenedStorage {
  storage: Storage;
  /** SQLite's handle (one desktop); absent on PostgreSQL. */
  sqlite?: Database;
  close(): Promise<void>;
}

/**
 * The server's database: PostgreSQL when `database` is a `postgres://` URL (a team server), else
 * the SQLite file of the data folder (one desktop). Either is migrated before it is answered.
 */
export async function openStorage(options: {
  dataDir: string;
  database?: string;
}): Promise<OpenedStorage> {
  if (options.database) {
    const storage = await openPostgresStorage(options.database);
    return { storage, close: () => storage.close() };
  }
  const sqlite = openDatabase(join(options.dataDir, DATABASE_FILE));
  const storage = sqliteStorage(sqlite);
  return {
    storage,
    sqlite,
    close: async () => {
      await storage.close();
      sqlite.close();
    },
  };
}

/** Only PostgreSQL's own scheme: a typo must not silently fall back to a local SQLite file. */
export function checkDatabaseUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL: postgres://USER:PASSWORD@HOST:PORT/DATABASE';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return `must be a postgres:// URL, not ${url.protocol}//...`;
  }
  return null;
}
