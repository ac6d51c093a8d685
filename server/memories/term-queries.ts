import { sql } from 'kysely';
import type { Dialect, Queryable } from '../db/storage';

export interface TermRow {
  id: number;
  source: string;
  target: string;
  extra: string | null;
}

/** By UTF-8 bytes, as SQLite's BINARY collation orders text (PostgreSQL's may differ). */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The termbase's reads: term lookups (termbase-hits.ts) and the CSV export (exports.ts). */
export function termQueries(db: Queryable, dialect: Dialect) {
  return {
    /** What says whether a memory's terms changed, or undefined when the organization has none. */
    termbaseState: (orgId: number, memoryId: number) =>
      db
        .selectFrom('memories as m')
        .select((eb) => [
          'm.num_terms',
          'm.created_at',
          eb
            .selectFrom('memory_terms as t')
            .select((inner) => inner.fn.max('t.id').as('id'))
            .whereRef('t.memory_id', '=', 'm.id')
            .as('last_term'),
        ])
        .where('m.id', '=', memoryId)
        .where('m.org_id', '=', orgId)
        .executeTakeFirst(),

    /** Up to `limit` terms after `afterId`, by id (keyset paging). */
    page: (memoryId: number, afterId: number, limit: number): Promise<TermRow[]> =>
      db
        .selectFrom('memory_terms')
        .select(['id', 'source', 'target', 'extra'])
        .where('memory_id', '=', memoryId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** The names of the extra fields of the memory's terms, sorted (the export's columns). */
    async extraNames(memoryId: number): Promise<string[]> {
      // The keys of each row's JSON object, a table-valued function that Kysely's builder does not
      // express; one SQL on both dialects but for the function.
      const keys =
        dialect === 'postgres'
          ? sql`jsonb_object_keys(t.extra::jsonb) AS k(key)`
          : sql`json_each(t.extra) AS k`;
      const { rows } = await sql<{ name: string }>`
        SELECT DISTINCT k.key AS name FROM memory_terms t, ${keys}
         WHERE t.memory_id = ${memoryId} AND t.extra IS NOT NULL`.execute(db);
      return rows.map((row) => row.name).sort(byBytes);
    },
  };
}
