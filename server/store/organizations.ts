import type { Database } from './db';
import { nowSeconds } from './time';

/**
 * A new, empty organization. Bootstrap makes the first one; more exist only in tests for now
 * (proving that one organization never sees another's data) and, later, in a hosted setup.
 */
export function createOrganization(db: Database, name: string): number {
  const result = db
    .prepare('INSERT INTO organizations (name, created_at) VALUES (?, ?)')
    .run(name, nowSeconds());
  return Number(result.lastInsertRowid);
}

/** A new user of `orgId`; give it a key with `createKey`. */
export function createUser(db: Database, orgId: number, name: string): number {
  const result = db
    .prepare('INSERT INTO users (org_id, name, created_at) VALUES (?, ?, ?)')
    .run(orgId, name, nowSeconds());
  return Number(result.lastInsertRowid);
}
