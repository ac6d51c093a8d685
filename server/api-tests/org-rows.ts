import type { Database } from '../db/db';

// Test support for the tenancy matrix: every row that belongs to one organization, found by
// walking the schema's foreign keys, so that a table added later is watched without listing it.

interface ForeignKey {
  table: string;
  from: string;
  to: string | null;
}

const tablesOf = (db: Database) =>
  (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as Array<{ name: string }>
  ).map((row) => row.name);

const foreignKeys = (db: Database, table: string) =>
  db.prepare(`PRAGMA foreign_key_list("${table}")`).all() as ForeignKey[];

const hasColumn = (db: Database, table: string, column: string) =>
  (db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>).some(
    (c) => c.name === column,
  );

/**
 * For each table that an organization owns, directly (`org_id`) or through its parents, a query
 * of its rows with `@org`; blobs are the ones those rows reference. Tables of no one (the work
 * queue, server secrets) are left out.
 */
export function ownershipQueries(db: Database): Map<string, string> {
  const tables = tablesOf(db).filter((table) => table !== 'blobs');
  const keys = new Map(tables.map((table) => [table, foreignKeys(db, table)]));
  const owned = new Set(tables.filter((t) => t === 'organizations' || hasColumn(db, t, 'org_id')));
  for (let grown = true; grown;) {
    grown = false;
    for (const table of tables) {
      if (owned.has(table) || !keys.get(table)!.some((fk) => owned.has(fk.table))) continue;
      owned.add(table);
      grown = true;
    }
  }
  const queries = new Map<string, string>();
  // A row is the organization's if it says so, or if any of its parents is the organization's.
  const queryOf = (table: string, depth = 0): string => {
    if (table === 'organizations') return 'SELECT * FROM organizations WHERE id = @org';
    if (hasColumn(db, table, 'org_id')) return `SELECT * FROM "${table}" WHERE org_id = @org`;
    if (depth > 10) return `SELECT * FROM "${table}" WHERE 0`;
    const conditions = keys
      .get(table)!
      .filter((fk) => owned.has(fk.table))
      .map(
        (fk) =>
          `"${fk.from}" IN (SELECT "${fk.to ?? 'id'}" FROM (${queryOf(fk.table, depth + 1)}))`,
      );
    return `SELECT * FROM "${table}" WHERE ${conditions.join(' OR ')}`;
  };
  for (const table of owned) queries.set(table, queryOf(table));
  const blobSources = [...owned].flatMap((table) =>
    foreignKeys(db, table)
      .filter((fk) => fk.table === 'blobs')
      .map((fk) => `SELECT "${fk.from}" FROM (${queries.get(table)})`),
  );
  if (blobSources.length > 0) {
    queries.set('blobs', `SELECT * FROM blobs WHERE sha256 IN (${blobSources.join(' UNION ')})`);
  }
  return queries;
}

/** The organization's rows, table by table, each row as JSON, sorted: equal means unchanged. */
export function orgRows(db: Database, queries: Map<string, string>, org: number) {
  const rows: Record<string, string[]> = {};
  for (const [table, query] of queries) {
    rows[table] = db
      .prepare(query)
      .all({ org })
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return rows;
}
