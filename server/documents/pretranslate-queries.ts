import type { Dialect, Queryable } from '../db/storage';

export interface JobDocument {
  id: number;
  org_id: number;
  memory_id: number;
  srclang: string;
  trglang: string;
  pretranslate_mode: 'TM' | 'TM+MT' | null;
  auto_accept: number;
  pretranslate_cursor: number;
}

export interface PendingSegment {
  id: number;
  idx: number;
  source: string;
  context_key: string | null;
  prev_source: string | null;
  next_source: string | null;
}

/** A target for an untranslated segment. */
export interface Fill {
  id: number;
  target: string;
  origin: 'tm' | 'mt';
  score: number | null;
  confirm: boolean;
}

/**
 * The queries of the `document-pretranslate` work (pretranslate-job.ts). Every write to the
 * document names its token too: the work belongs to the document it was made for, the same id
 * and token. `db` is the storage's handle or an open transaction.
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

    async markRunning(id: number, token: string | null, now: number): Promise<void> {
      await ofToken(id, token)
        .set({ pretranslation: 'running', is_pretranslating: 1, updated_at: now })
        .execute();
    },

    /** Up to `limit` untranslated segments after index `cursor`, with their neighbours' sources. */
    pending: (documentId: number, cursor: number, limit: number): Promise<PendingSegment[]> =>
      db
        .selectFrom('segments as s')
        .select((eb) => [
          's.id',
          's.idx',
          's.source',
          's.context_key',
          eb
            .selectFrom('segments as p')
            .select('p.source')
            .whereRef('p.document_id', '=', 's.document_id')
            .where('p.idx', '=', eb('s.idx', '-', 1))
            .limit(1)
            .as('prev_source'),
          eb
            .selectFrom('segments as n')
            .select('n.source')
            .whereRef('n.document_id', '=', 's.document_id')
            .where('n.idx', '=', eb('s.idx', '+', 1))
            .limit(1)
            .as('next_source'),
        ])
        .where('s.document_id', '=', documentId)
        .where('s.idx', '>', cursor)
        .where('s.target', '=', '')
        .orderBy('s.idx')
        .limit(limit)
        .execute(),

    /** Fills a segment only while it is still empty: a translator's edit meanwhile wins. */
    async fill(documentId: number, fill: Fill, now: number): Promise<void> {
      await db
        .updateTable('segments')
        .set({
          target: fill.target,
          target_origin: fill.origin,
          match_score: fill.score,
          is_confirmed: fill.confirm ? 1 : 0,
          updated_at: now,
        })
        .where('id', '=', fill.id)
        .where('document_id', '=', documentId)
        .where('target', '=', '')
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
