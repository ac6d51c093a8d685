import type { Queryable } from '../db/storage';

/** A row still references the blob: SQLite's foreign key error, or PostgreSQL's 23503. */
export function isForeignKeyError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Digests asked for in one query of `recover` (well under both dialects' parameter limits). */
export const RECOVER_BATCH = 500;

/** The `blobs` rows: what is in place. `db` is the storage's handle or an open transaction. */
export function blobQueries(db: Queryable) {
  return {
    /** Records the blob; content recorded before keeps its row. */
    async insert(sha256: string, size: number, now: number): Promise<void> {
      await db
        .insertInto('blobs')
        .values({ sha256, size, created_at: now })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    },

    /** True if the row went; throws a foreign key error while a record references it. */
    async remove(sha256: string): Promise<boolean> {
      const result = await db.deleteFrom('blobs').where('sha256', '=', sha256).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async has(sha256: string): Promise<boolean> {
      const row = await db
        .selectFrom('blobs')
        .select('sha256')
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Which of `digests` have a row. */
    async recorded(digests: string[]): Promise<Set<string>> {
      if (digests.length === 0) return new Set();
      const rows = await db
        .selectFrom('blobs')
        .select('sha256')
        .where('sha256', 'in', digests)
        .execute();
      return new Set(rows.map((row) => row.sha256));
    },
  };
}
