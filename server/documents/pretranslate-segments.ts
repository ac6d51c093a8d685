import { sql } from 'kysely';
import type { Dialect, Queryable } from '../db/storage';
import { changeOf, progressCounters, sumCounters } from './progress-counter-queries';

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
  /** The person it is attributed to (the TM match's author, when the document asks); else none. */
  author?: number | null;
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
        // Written by no one (segments.updated_by names people), or by the match's author.
        updated_by: fill.author ?? null,
        updated_at: now,
      })
      .where('id', '=', fill.id)
      .where('document_id', '=', documentId)
      .where('target', '=', '')
      .executeTakeFirst();

  /** Writes the fills; the ids of the segments written. */
  async function write(documentId: number, fills: Fill[], now: number): Promise<number[]> {
    if (dialect === 'sqlite') {
      const written: number[] = [];
      for (const fill of fills) {
        const result = await fillOne(documentId, fill, now);
        if (Number(result.numUpdatedRows) > 0) written.push(fill.id);
      }
      return written;
    }
    const column = <K extends keyof Fill>(key: K) => fills.map((fill) => fill[key]);
    const { rows } = await sql<{ id: number }>`
      UPDATE segments AS s
      SET target = v.target, target_origin = v.origin, match_score = v.score,
        is_confirmed = v.confirm, updated_by = v.author, updated_at = ${now}
      FROM unnest(${column('id')}::bigint[], ${column('target')}::text[],
        ${column('origin')}::text[], ${column('score')}::bigint[],
        ${fills.map((fill) => (fill.confirm ? 1 : 0))}::integer[],
        ${fills.map((fill) => fill.author ?? null)}::bigint[])
        AS v(id, target, origin, score, confirm, author)
      WHERE s.id = v.id AND s.document_id = ${documentId} AND s.target = ''
      RETURNING s.id
    `.execute(db);
    return rows.map((row) => Number(row.id));
  }

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
     * UPDATE for the batch, joined to the fills unnested from one array a column. The document
     * is locked (pretranslate-job.ts), so the rows read before the write are the rows written;
     * its counters take the confirmations.
     */
    async fill(documentId: number, fills: Fill[], now: number): Promise<void> {
      if (fills.length === 0) return;
      const before = new Map(
        (
          await db
            .selectFrom('segments')
            .select(['id', 'is_confirmed', 'is_reviewed', 'word_count'])
            .where(
              'id',
              'in',
              fills.map((fill) => fill.id),
            )
            .where('document_id', '=', documentId)
            .execute()
        ).map((row) => [row.id, row]),
      );
      const confirms = new Map(fills.map((fill) => [fill.id, fill.confirm ? 1 : 0]));
      const written = await write(documentId, fills, now);
      const changes = written.flatMap((id) => {
        const row = before.get(id);
        return row ? [changeOf(row, { ...row, is_confirmed: confirms.get(id) ?? 0 })] : [];
      });
      await progressCounters(db, dialect).adjust(documentId, sumCounters(changes));
    },
  };
}
