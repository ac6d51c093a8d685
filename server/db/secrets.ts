import { randomBytes } from 'node:crypto';
import type { Storage } from './storage';
import { nowSeconds } from './time';

/**
 * A per-server secret, created on first use and kept in the database (so it survives restarts and
 * stays with the data folder). Concurrent first uses agree: the first insert wins.
 */
export async function serverSecret(storage: Storage, name: string): Promise<Buffer> {
  await storage.db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64'), created_at: nowSeconds() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await storage.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) throw new Error(`Server secret "${name}" could not be created`);
  return Buffer.from(row.value, 'base64');
}
