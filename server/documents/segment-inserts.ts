import { sql } from 'kysely';
import type { Dialect, Queryable } from '../db/storage';
import { INSERT_ROWS, toValues, type NewSegment } from './segment-rows';

type SegmentValues = ReturnType<typeof toValues>;

/**
 * A column's values as a PostgreSQL array literal, passed as one text parameter: pg would quote
 * and escape every element itself, numbers too, a third of the Node side of a 60,000-segment
 * import. Inside double quotes only `"` and `\` need a backslash; NULL unquoted is null.
 */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  const elements = values.map((value) => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') return String(value);
    return `"${/["\\]/.test(value) ? value.replace(/["\\]/g, '\\$&') : value}"`;
  });
  return `{${elements.join(',')}}`;
}

/** The columns an insert writes, with their PostgreSQL types (pg-migrations/baseline). */
const COLUMNS: [keyof SegmentValues, string][] = [
  ['org_id', 'bigint'],
  ['document_id', 'bigint'],
  ['memory_id', 'bigint'],
  ['idx', 'bigint'],
  ['source', 'text'],
  ['target', 'text'],
  ['is_confirmed', 'integer'],
  ['match_score', 'bigint'],
  ['target_origin', 'text'],
  ['note', 'text'],
  ['context_key', 'text'],
  ['memory_unit_id', 'bigint'],
  ['word_count', 'bigint'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
];

/**
 * Inserts segment rows in order (the caller runs the transaction). SQLite: multi-row INSERTs of
 * `INSERT_ROWS` rows. PostgreSQL: one `INSERT ... SELECT FROM unnest(...)` of one array a column
 * for any number of rows: 15 parameters instead of 15 a row, far cheaper to build, send and plan
 * (the segments of a 60,000-segment import are written in about a third less time). unnest reads
 * the arrays in order, so the ids follow the rows' order as they do on SQLite.
 */
export async function insertSegmentRows(
  db: Queryable,
  dialect: Dialect,
  segments: NewSegment[],
): Promise<void> {
  if (segments.length === 0) return;
  const rows = segments.map(toValues);
  if (dialect === 'sqlite') {
    for (let at = 0; at < rows.length; at += INSERT_ROWS) {
      await db
        .insertInto('segments')
        .values(rows.slice(at, at + INSERT_ROWS))
        .execute();
    }
    return;
  }
  const names = sql.join(COLUMNS.map(([column]) => sql.ref(column)));
  const arrays = sql.join(
    COLUMNS.map(
      ([column, type]) => sql`${arrayLiteral(rows.map((row) => row[column]))}::${sql.raw(type)}[]`,
    ),
  );
  await sql`INSERT INTO segments (${names}) SELECT * FROM unnest(${arrays})`.execute(db);
}
