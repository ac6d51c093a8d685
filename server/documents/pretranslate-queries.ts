import type { Dialect, Queryable } from '../db/storage';
import { pretranslateSegmentQueries } from './pretranslate-segments';

export type { Fill, PendingSegment } from './pretranslate-segments';

export interface JobDocument {
  id: number;
  org_id: number;
  memory_id: number;
  srclang: string;
  trglang: string;
  pretranslate_mode: 'TM' | 'TM+MT' | null;
  auto_accept: number;
  case_sensitive: number;
  match_attribution: number;
  pretranslate_threshold: number | null;
  pretranslate_cursor: number;
}

/**
 * The queries of the `document-pretranslate` work (pretranslate-job.ts). Every write to the
 * document names its token too: the work belongs to the document it was made for, the same id
 * and token. `db` is the storage's handle or an open transaction. The segments' queries (the
 * untranslated ones, their fills) are in pretranslate-segments.ts.
 */
export function pretranslateQueries(db: Queryable, dialect: Dialect) {
  /** The document's row when it still has the token (null is a token too: older items). */
  const ofToken = (id: number, token: string | null) => {
    const query = db.updateTable('documents').where('id', '=', id);
    return token === null
      ? query.where('pretranslate_token', 'is', null)
      : query.where('pretranslate_token', '=', token);
  };

  return {
    ...pretranslateSegmentQueries(db, dialect),

    /** The document the work was made for; `forUpdate` locks it on PostgreSQL. */
    async document(id: number, token: string | null, forUpdate = false) {
      let query = db
        .selectFrom('documents as d')
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .select([
          'd.id',
          'd.org_id',
          'p.memory_id',
          'd.srclang',
          'd.trglang',
          'd.pretranslate_mode',
          'd.auto_accept',
          'd.case_sensitive',
          'd.match_attribution',
          'd.pretranslate_threshold',
          'd.pretranslate_cursor',
        ])
        .where('d.id', '=', id)
        .where((eb) =>
          token === null
            ? eb('d.pretranslate_token', 'is', null)
            : eb('d.pretranslate_token', '=', token),
        );
      if (forUpdate && dialect === 'postgres') query = query.forUpdate('d');
      const row = await query.executeTakeFirst();
      return row ? (row as JobDocument) : null;
    },

    /** Who wrote each of the memory units (null: an import or no one known). */
    async unitAuthors(ids: number[]): Promise<Map<number, number | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('memory_units')
        .select(['id', 'created_by'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((row) => [row.id, row.created_by]));
    },

    async markRunning(id: number, token: string | null, now: number): Promise<void> {
      await ofToken(id, token)
        .set({ pretranslation: 'running', is_pretranslating: 1, updated_at: now })
        .execute();
    },

    /** Counts `done` more segments (never past `to_pretranslate`) and moves the cursor. */
    async progress(id: number, done: number, cursor: number, now: number): Promise<void> {
      await db
        .updateTable('documents')
        .set((eb) => ({
          pretranslated: eb
            .case()
            .when(eb('pretranslated', '+', done), '>', eb.ref('to_pretranslate'))
            .then(eb.ref('to_pretranslate'))
            .else(eb('pretranslated', '+', done))
            .end(),
          pretranslate_cursor: cursor,
          updated_at: now,
        }))
        .where('id', '=', id)
        .execute();
    },

    async setError(id: number, token: string | null, error: string): Promise<void> {
      await ofToken(id, token).set({ pretranslation_error: error }).execute();
    },

    async finish(id: number, token: string | null, now: number): Promise<void> {
      await ofToken(id, token)
        .set({ is_pretranslating: 0, pretranslation: 'idle', updated_at: now })
        .execute();
    },
  };
}
