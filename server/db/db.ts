import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { migrate } from './migrations';

export type Database = BetterSqlite3.Database;

/** The database's file name inside a data folder. */
export const DATABASE_FILE = 'wordbench.db';

/** Only this user reads the database: it holds translations and key hashes. */
const PRIVATE_FILE = 0o600;

function makePrivate(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE);
  } catch (error) {
    // A file someone else owns cannot be changed, and refusing to start would not protect it; a
    // -wal or -shm can vanish when another connection closes.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOENT') throw error;
  }
}

/**
 * Opens (creating if needed) the data folder's SQLite database and brings its schema up to date.
 * WAL lets readers work while a writer commits; the busy timeout makes a second process (the CLI's
 * `keys` commands next to a running server) wait for the write lock instead of failing at once.
 *
 * The file is made 0600 before SQLite opens it, whatever the umask: SQLite gives its -wal and
 * -shm files the database's mode. Those left wider by an older version are narrowed here too.
 */
export function openDatabase(file: string): Database {
  const onDisk = file !== ':memory:' && file !== '';
  if (onDisk) {
    closeSync(openSync(file, 'a', PRIVATE_FILE));
    makePrivate(file);
  }
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    for (const sidecar of onDisk ? [`${file}-wal`, `${file}-shm`] : []) {
      if (existsSync(sidecar)) makePrivate(sidecar);
    }
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
