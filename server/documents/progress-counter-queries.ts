import { sql } from 'kysely';
import type { Dialect, Queryable } from '../db/storage';

/**
 * A document's stored counters (documents.segments_* and words_*, migration 014), kept equal to
 * its segments by every write in the same transaction (README.md, "Progress counters").
 */
export interface DocumentCounters {
  segments_total: number;
  segments_confirmed: number;
  segments_reviewed: number;
  /** Words and numbers of the sources, as `word_count` counts them (word-count.ts). */
  words_total: number;
  words_confirmed: number;
}

export const COUNTER_COLUMNS = [
  'segments_total',
  'segments_confirmed',
  'segments_reviewed',
  'words_total',
  'words_confirmed',
] as const satisfies readonly (keyof DocumentCounters)[];

/** What a segment row adds to its document's counters. */
export interface CountedSegment {
  is_confirmed: number;
  is_reviewed: number;
  word_count: number;
}

export const NO_COUNTERS: DocumentCounters = Object.freeze({
  segments_total: 0,
  segments_confirmed: 0,
  segments_reviewed: 0,
  words_total: 0,
  words_confirmed: 0,
});

/** What `row` adds to the counters, times `sign` (-1: what it takes away). */
export function countOf(row: CountedSegment, sign: 1 | -1 = 1): DocumentCounters {
  const confirmed = row.is_confirmed !== 0 ? sign : 0;
  return {
    segments_total: sign,
    segments_confirmed: confirmed,
    segments_reviewed: row.is_reviewed !== 0 ? sign : 0,
    words_total: sign * row.word_count,
    words_confirmed: confirmed * row.word_count,
  };
}

/** The change from `before` to `after` of one segment (either may be absent). */
export function changeOf(before: CountedSegment | null, after: CountedSegment | null) {
  return sumCounters([
    before ? countOf(before, -1) : NO_COUNTERS,
    after ? countOf(after) : NO_COUNTERS,
  ]);
}

export function sumCounters(parts: readonly DocumentCounters[]): DocumentCounters {
  const total = { ...NO_COUNTERS };
  for (const part of parts) for (const column of COUNTER_COLUMNS) total[column] += part[column];
  return total;
}

const isZero = (delta: DocumentCounters) => COUNTER_COLUMNS.every((column) => delta[column] === 0);

/**
 * The writes and checks of the counters. `db` is the transaction that changes the segments.
 * Lock order on PostgreSQL: a transaction that changes a document's segments locks the document's
 * row FIRST (`lockDocuments`, or a `ref`/`document` read with forUpdate), before any segment row;
 * several documents in ascending id order. Then its counter updates never wait on a transaction
 * that waits on it.
 */
export function progressCounters(db: Queryable, dialect: Dialect) {
  return {
    /** Adds `delta` to the document's counters (nothing when it is all zero). */
    async adjust(documentId: number | null, delta: DocumentCounters): Promise<void> {
      if (documentId === null || isZero(delta)) return;
      await db
        .updateTable('documents')
        .set((eb) => ({
          segments_total: eb('segments_total', '+', delta.segments_total),
          segments_confirmed: eb('segments_confirmed', '+', delta.segments_confirmed),
          segments_reviewed: eb('segments_reviewed', '+', delta.segments_reviewed),
          words_total: eb('words_total', '+', delta.words_total),
          words_confirmed: eb('words_confirmed', '+', delta.words_confirmed),
        }))
        .where('id', '=', documentId)
        .execute();
    },

    /** Locks the documents' rows in ascending id order (PostgreSQL; SQLite holds the database). */
    async lockDocuments(documentIds: Iterable<number | null>): Promise<void> {
      const ids = [...new Set(documentIds)].filter((id) => id !== null);
      if (dialect !== 'postgres' || ids.length === 0) return;
      await db
        .selectFrom('documents')
        .select('id')
        .where('id', 'in', ids)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
    },

    /** Locks the document of a segment, if it has one, before the segment is read to change it. */
    async lockDocumentOf(segmentId: number): Promise<void> {
      if (dialect !== 'postgres') return;
      await db
        .selectFrom('documents')
        .select('id')
        .where('id', '=', (eb) =>
          eb.selectFrom('segments').select('document_id').where('id', '=', segmentId),
        )
        .forNoKeyUpdate()
        .execute();
    },

    /** Documents whose counters differ from a recount of their segments (a check; O(segments)). */
    async drifted(): Promise<
      { id: number; stored: DocumentCounters; counted: DocumentCounters }[]
    > {
      const recount = db
        .selectFrom('segments as s')
        .where('s.document_id', 'is not', null)
        .select('s.document_id')
        .select([
          sql<number>`count(*)`.as('segments_total'),
          sql<number>`sum(case when s.is_confirmed <> 0 then 1 else 0 end)`.as(
            'segments_confirmed',
          ),
          sql<number>`sum(case when s.is_reviewed <> 0 then 1 else 0 end)`.as('segments_reviewed'),
          sql<number>`sum(s.word_count)`.as('words_total'),
          sql<number>`sum(case when s.is_confirmed <> 0 then s.word_count else 0 end)`.as(
            'words_confirmed',
          ),
        ])
        .groupBy('s.document_id');
      const rows = await db
        .selectFrom('documents as d')
        .leftJoin(recount.as('c'), 'c.document_id', 'd.id')
        .select([
          'd.id',
          'd.segments_total',
          'd.segments_confirmed',
          'd.segments_reviewed',
          'd.words_total',
          'd.words_confirmed',
          'c.segments_total as c_segments_total',
          'c.segments_confirmed as c_segments_confirmed',
          'c.segments_reviewed as c_segments_reviewed',
          'c.words_total as c_words_total',
          'c.words_confirmed as c_words_confirmed',
        ])
        .orderBy('d.id')
        .execute();
      return rows.flatMap((row) => {
        const stored = { ...NO_COUNTERS };
        const counted = { ...NO_COUNTERS };
        for (const column of COUNTER_COLUMNS) {
          stored[column] = Number(row[column]);
          counted[column] = Number(row[`c_${column}`] ?? 0);
        }
        const same = COUNTER_COLUMNS.every((column) => stored[column] === counted[column]);
        return same ? [] : [{ id: row.id, stored, counted }];
      });
    },
  };
}
