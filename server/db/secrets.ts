import { randomBytes } from 'node:crypto';
import type { Database } from './db';
import { nowSeconds } from './time';

/**
 * A per-server secret, created on first use and kept in the database (so it survives restarts and
 * stays with the data folder). Concurrent first uses agree: the first insert wins.
 */
export function serverSecret(db: Database, name: string): Buffer {
  db.prepare('INSERT OR IGNORE INTO server_secrets (name, value, created_at) VALUES (?, ?, ?)').run(
    name,
    randomBytes(32).toString('base64'),
    nowSeconds(),
  );
  const row = db
    .prepare<[string], { value: string }>('SELECT value FROM server_secrets WHERE name = ?')
    .get(name);
  if (!row) throw new Error(`Server secret "${name}" could not be created`);
  return Buffer.from(row.value, 'base64');
}
