import { sql } from 'kysely';
import type { Dialect, Queryable } from '../db/storage';

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
 * The segment reads and writes of the `document-pretranslate` work (pretranslate-job.ts), part
 * of `pretranslateQueries`. Each is one query, or a few, for a whole batch on PostgreSQL, where
 * every query is a round trip.
 */
export function pretranslateSegmentQueries(db: Queryable, dialect: Dialect) {
  /** The document's untranslated segments in index order, with their neighbours' sources. */
  const untranslated = (documentId: number) =>
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
      .where('s.target', '=', '')
      .orderBy('s.idx');

  /** The highest index of the document's segments; null without any. */
  async function lastIndex(documentId: number): Promise<number | null> {
    const row = await db
      .selectFrom('segments')
      .select((eb) => eb.fn.max('idx').as('idx'))
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    return row?.idx ?? null;
  }

  /** One fill, only while the segment is still empty: a translator's edit meanwhile wins. */
  const fillOne = (documentId: number, fill: Fill, now: number) =>
    db
      .updateTable('segments')
      .set({
        target: fill.target,
        target_origin: fill.origin,
        match_score: fill.score,
        is_confirmed: fill.confirm ? 1 : 0,
        // Written by no one (segments.updated_by names people).
        updated_by: null,
        updated_at: now,
      })
      .where('id', '=', fill.id)
      .where('document_id', '=', documentId)
      .where('target', '=', '')
      .execute();

  return {
    /**
     * Up to `limit` untranslated segments after index `cursor`. On PostgreSQL in windows of
     * indexes (cursor, cursor + limit], then twice as wide each time up to the last index: on a
     * freshly imported document its planner would otherwise sort every segment after the cursor
     * for each batch (see segment-pages.ts); a window is a range of the index.
     */
    async pending(documentId: number, cursor: number, limit: number): Promise<PendingSegment[]> {
      if (dialect === 'sqlite') {
        return untranslated(documentId).where('s.idx', '>', cursor).limit(limit).execute();
      }
      const last = (await lastIndex(documentId)) ?? cursor;
      const rows: PendingSegment[] = [];
      let from = cursor;
      let width = limit;
      while (from < last && rows.length < limit) {
        const window = await untranslated(documentId)
          .where('s.idx', '>', from)
          .where('s.idx', '<=', from + width)
          .limit(limit - rows.length)
          .execute();
        rows.push(...window);
        from += width;
        width *= 2;
      }
      return rows;
    },

    /**
     * Fills the segments still empty (a translator's edit meanwhile wins): on PostgreSQL one
     * UPDATE for the batch, joined to the fills unnested from one array a column.
     */
    async fill(documentId: number, fills: Fill[], now: number): Promise<void> {
      if (fills.length === 0) return;
      if (dialect === 'sqlite') {
        for (const fill of fills) await fillOne(documentId, fill, now);
        return;
      }
      const column = <K extends keyof Fill>(key: K) => fills.map((fill) => fill[key]);
      await sql`
        UPDATE segments AS s
        SET target = v.target, target_origin = v.origin, match_score = v.score,
          is_confirmed = v.confirm, updated_by = NULL, updated_at = ${now}
        FROM unnest(${column('id')}::bigint[], ${column('target')}::text[],
          ${column('origin')}::text[], ${column('score')}::bigint[],
          ${fills.map((fill) => (fill.confirm ? 1 : 0))}::integer[])
          AS v(id, target, origin, score, confirm)
        WHERE s.id = v.id AND s.document_id = ${documentId} AND s.target = ''
      `.execute(db);
    },
  };
}
