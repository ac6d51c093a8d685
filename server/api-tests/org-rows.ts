import { sql } from 'kysely';
import type { Queryable, Storage } from '../db/storage';

// Test support for the tenancy matrix: every row that belongs to one organization, found by
// walking the schema's foreign keys, so that a table added later is watched without listing it.

interface ForeignKey {
  /** The parent table. */
  table: string;
  from: string;
  /** The parent's column; null when SQLite leaves it implicit (the primary key). */
  to: string | null;
}

interface SchemaShape {
  tables: string[];
  columns: Map<string, string[]>;
  keys: Map<string, ForeignKey[]>;
}

async function sqliteShape(db: Queryable): Promise<SchemaShape> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
  const tables = rows.map((row) => row.name);
  const columns = new Map<string, string[]>();
  const keys = new Map<string, ForeignKey[]>();
  for (const table of tables) {
    const info = await sql<{ name: string }>`
      SELECT name FROM pragma_table_info(${table})`.execute(db);
    columns.set(
      table,
      info.rows.map(({ name }) => name),
    );
    const fks = await sql<ForeignKey>`
      SELECT "table", "from", "to" FROM pragma_foreign_key_list(${table})`.execute(db);
    keys.set(table, fks.rows);
  }
  return { tables, columns, keys };
}

/** The same from PostgreSQL's catalogs: the tables and columns of the current schema. */
async function postgresShape(db: Queryable): Promise<SchemaShape> {
  const { rows: columnRows } = await sql<{ table: string; column: string }>`
    SELECT c.table_name AS "table", c.column_name AS "column"
      FROM information_schema.columns c
      JOIN information_schema.tables t
        ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
     ORDER BY c.table_name, c.ordinal_position`.execute(db);
  // pg_constraint pairs each column of a key with its parent column (information_schema
  // cannot, for a key of several columns).
  const { rows: keyRows } = await sql<ForeignKey & { child: string }>`
    SELECT child.relname AS child, parent.relname AS "table",
           a.attname AS "from", pa.attname AS "to"
      FROM pg_constraint k
      JOIN pg_class child ON child.oid = k.conrelid
      JOIN pg_class parent ON parent.oid = k.confrelid
      CROSS JOIN LATERAL unnest(k.conkey, k.confkey) AS pair(child_column, parent_column)
      JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = pair.child_column
      JOIN pg_attribute pa ON pa.attrelid = k.confrelid AND pa.attnum = pair.parent_column
     WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`.execute(db);
  const columns = new Map<string, string[]>();
  for (const { table, column } of columnRows)
    columns.set(table, [...(columns.get(table) ?? []), column]);
  const tables = [...columns.keys()];
  const keys = new Map<string, ForeignKey[]>(tables.map((table) => [table, []]));
  for (const { child, ...key } of keyRows) keys.get(child)?.push(key);
  return { tables, columns, keys };
}

/**
 * For each table that an organization owns, directly (`org_id`) or through its parents, a query
 * of its rows with `@org`; blobs are the ones those rows reference. Tables of no one (the work
 * queue, server secrets) are left out. The SQL runs on both backends.
 */
export async function ownershipQueries(storage: Storage): Promise<Map<string, string>> {
  const shape = await (storage.dialect === 'postgres' ? postgresShape : sqliteShape)(storage.db);
  const tables = shape.tables.filter((table) => table !== 'blobs');
  const keys = (table: string) => shape.keys.get(table) ?? [];
  const hasOrgId = (table: string) => shape.columns.get(table)?.includes('org_id') ?? false;
  const owned = new Set(tables.filter((t) => t === 'organizations' || hasOrgId(t)));
  for (let grown = true; grown;) {
    grown = false;
    for (const table of tables) {
      if (owned.has(table) || !keys(table).some((fk) => owned.has(fk.table))) continue;
      owned.add(table);
      grown = true;
    }
  }
  const queries = new Map<string, string>();
  // A row is the organization's if it says so, or if any of its parents is the organization's.
  // (PostgreSQL wants every subquery in FROM named: `AS parent`.)
  const queryOf = (table: string, depth = 0): string => {
    if (table === 'organizations') return 'SELECT * FROM organizations WHERE id = @org';
    if (hasOrgId(table)) return `SELECT * FROM "${table}" WHERE org_id = @org`;
    if (depth > 10) return `SELECT * FROM "${table}" WHERE 1 = 0`;
    const conditions = keys(table)
      .filter((fk) => owned.has(fk.table))
      .map(
        (fk) =>
          `"${fk.from}" IN (SELECT "${fk.to ?? 'id'}" FROM (${queryOf(fk.table, depth + 1)}) AS parent)`,
      );
    return `SELECT * FROM "${table}" WHERE ${conditions.join(' OR ')}`;
  };
  for (const table of owned) queries.set(table, queryOf(table));
  const blobSources = [...owned].flatMap((table) =>
    keys(table)
      .filter((fk) => fk.table === 'blobs')
      .map((fk) => `SELECT "${fk.from}" FROM (${queries.get(table)}) AS owner`),
  );
  if (blobSources.length > 0) {
    queries.set('blobs', `SELECT * FROM blobs WHERE sha256 IN (${blobSources.join(' UNION ')})`);
  }
  return queries;
}

/** The organization's rows, table by table, each row as JSON, sorted: equal means unchanged. */
export async function orgRows(db: Queryable, queries: Map<string, string>, org: number) {
  if (!Number.isSafeInteger(org)) throw new Error(`Not an organization id: ${org}`);
  const rows: Record<string, string[]> = {};
  for (const [table, query] of queries) {
    // The id is an integer of ours, written into the text: both dialects read it alike.
    const { rows: found } = await sql.raw(query.replaceAll('@org', String(org))).execute(db);
    rows[table] = found.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}
