import BetterSqlite3 from 'better-sqlite3';
import { migrate } from './migrations';

export type Database = BetterSqlite3.Database;

/** The database's file name inside a data folder. */
export const DATABASE_FILE = 'wordbench.db';

/**
 * Opens (creating if needed) the data folder's SQLite database and brings its schema up to date.
 * WAL lets readers work while a writer commits; the busy timeout makes a second process (the CLI's
 * `keys` commands next to a running server) wait for the write lock instead of failing at once.
 */
export function openDatabase(file: string): Database {
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
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
