import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Database } from '../db/db';

export interface DataFolder {
  dir: string;
  /** Removes the folder if it is a temporary one (an in-memory database's); else nothing. */
  removeIfTemporary(): void;
}

/**
 * The given folder, the SQLite database's own folder, or a temporary one (an in-memory database;
 * a PostgreSQL database without a data folder, which only tests build).
 */
export function dataFolder(db: Database | undefined, given: string | undefined): DataFolder {
  if (given) return { dir: given, removeIfTemporary: () => undefined };
  if (db && !db.memory && db.name)
    return { dir: dirname(db.name), removeIfTemporary: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'wordbench-blobs-'));
  return { dir, removeIfTemporary: () => rmSync(dir, { recursive: true, force: true }) };
}
