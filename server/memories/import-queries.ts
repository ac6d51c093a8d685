import type { CompiledQuery, Insertable } from 'kysely';
import type { Dialect, Queryable } from '../db/storage';
import type { Schema } from '../db/schema';

export type UnitInsert = Insertable<Schema['memory_units']>;
export type TermInsert = Insertable<Schema['memory_terms']>;

/** Bound parameters one statement may have: SQLite's default limit, PostgreSQL's protocol's. */
const MAX_PARAMETERS: Record<Dialect, number> = { sqlite: 32_766, postgres: 65_535 };
/** Rows per INSERT: most statements have this many, so their SQL text (and plan) is reused. */
const ROWS_PER_INSERT = 1_000;

/** A multi-row INSERT compiled once, and where each of its parameters comes from. */
interface InsertTemplate {
  query: CompiledQuery;
  slots: Array<{ row: number; column: string }>;
}

/** Full-size INSERTs by dialect, table and columns (a handful in all). */
const templates = new Map<string, InsertTemplate>();

/**
 * The INSERT of `count` rows of `columns`, compiled by Kysely from rows of placeholder strings
 * that name their row and column: building and compiling thousands of values for every chunk
 * would cost more than SQLite inserting them.
 */
function insertTemplate(
  db: Queryable,
  table: 'memory_units' | 'memory_terms',
  columns: string[],
  count: number,
): InsertTemplate {
  const placeholders = Array.from({ length: count }, (_, row) =>
    Object.fromEntries(columns.map((column) => [column, `${row}\u0000${column}`])),
  );
  const query = db
    .insertInto(table)
    .values(placeholders as never)
    .compile();
  const slots = query.parameters.map((parameter) => {
    const [row, column] = String(parameter).split('\u0000');
    return { row: Number(row), column: column! };
  });
  return { query, slots };
}

/** Inserts rows in statements that stay under the dialect's parameter limit. */
async function insertRows<T extends object>(
  db: Queryable,
  dialect: Dialect,
  table: 'memory_units' | 'memory_terms',
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const size = Math.min(ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS[dialect] / columns.length));
  const key = `${dialect} ${table} ${columns.join(',')}`;
  for (let start = 0; start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size);
    let template = chunk.length === size ? templates.get(key) : undefined;
    if (!template) {
      template = insertTemplate(db, table, columns, chunk.length);
      if (chunk.length === size) templates.set(key, template);
    }
    const parameters = template.slots.map(
      ({ row, column }) => (chunk[row] as Record<string, unknown>)[column],
    );
    await db.executeQuery({ ...template.query, parameters });
  }
}

/** The SQL of a bulk import (server/memories/apply-import.ts), in the caller's transaction. */
export function importQueries(db: Queryable, dialect: Dialect) {
  return {
    async memoryExists(memoryId: number): Promise<boolean> {
      const row = await db
        .selectFrom('memories')
        .select('id')
        .where('id', '=', memoryId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The highest unit id of any memory (the units added after it get higher ones). */
    async maxUnitId(): Promise<number> {
      const row = await db
        .selectFrom('memory_units')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** `source \0 target` of the memory's units with one of these source hashes. */
    async unitKeys(memoryId: number, hashes: number[]): Promise<Set<string>> {
      const keys = new Set<string>();
      if (hashes.length === 0) return keys;
      const rows = await db
        .selectFrom('memory_units')
        .select(['source', 'target'])
        .where('memory_id', '=', memoryId)
        .where('source_hash', 'in', hashes)
        .execute();
      for (const row of rows) keys.add(`${row.source}\u0000${row.target}`);
      return keys;
    },

    /** `source \0 target` of the memory's terms with one of these sources. */
    async termKeys(memoryId: number, sources: string[]): Promise<Set<string>> {
      const keys = new Set<string>();
      if (sources.length === 0) return keys;
      const rows = await db
        .selectFrom('memory_terms')
        .select(['source', 'target'])
        .where('memory_id', '=', memoryId)
        .where('source', 'in', sources)
        .execute();
      for (const row of rows) keys.add(`${row.source}\u0000${row.target}`);
      return keys;
    },

    /** Every row has the same columns, in the same order. */
    insertUnits: (rows: UnitInsert[]) => insertRows(db, dialect, 'memory_units', rows),

    insertTerms: (rows: TermInsert[]) => insertRows(db, dialect, 'memory_terms', rows),

    /** Counts units and terms added (kept equal to the rows at every commit). */
    async count(memoryId: number, units: number, terms: number): Promise<void> {
      if (units === 0 && terms === 0) return;
      await db
        .updateTable('memories')
        .set((eb) => ({
          num_segments: eb('num_segments', '+', units),
          num_terms: eb('num_terms', '+', terms),
        }))
        .where('id', '=', memoryId)
        .execute();
    },

    /** The import is complete: one new version of the memory. */
    async bumpVersion(memoryId: number, now: number): Promise<void> {
      await db
        .updateTable('memories')
        .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
        .where('id', '=', memoryId)
        .execute();
    },
  };
}

export type ImportQueries = ReturnType<typeof importQueries>;
