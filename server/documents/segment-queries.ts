import type { Segment } from '../../shared/api/segments';
import type { Dialect, Queryable } from '../db/storage';
import {
  SEGMENT_ROW_COLUMNS,
  toValues,
  toWire,
  visible,
  wireSelect,
  type NewSegment,
  type SegmentRow,
  type TargetChange,
} from './segment-rows';
import { insertSegmentRows } from './segment-inserts';
import { changeOf, countOf, progressCounters, sumCounters } from './progress-counter-queries';
import { unlockSegments } from './unlock-queries';
import { segmentPages, type PageCursor } from './segment-pages';

export type { NewSegment, SegmentRow, TargetChange } from './segment-rows';

/**
 * Segments of documents and memories. Every read by id is scoped to the organization. `db` is
 * the storage's handle or an open transaction; `dialect` decides whether `row` can lock. Every
 * write keeps the document's counters (progress-counter-queries.ts) in the same transaction;
 * the caller has locked the document first on PostgreSQL.
 */
export function segmentQueries(db: Queryable, dialect: Dialect) {
  const counters = progressCounters(db, dialect);
  const counted = (segment: NewSegment) =>
    countOf({
      is_confirmed: segment.isConfirmed ? 1 : 0,
      is_reviewed: 0,
      word_count: segment.wordCount,
    });

  return {
    /** Locks the segment's document on PostgreSQL: call it before reading the segment to change. */
    lockDocumentOf: (segmentId: number): Promise<void> => counters.lockDocumentOf(segmentId),
    /** Locks documents on PostgreSQL, in ascending id order, before their segments are read. */
    lockDocuments: (documentIds: number[]): Promise<void> => counters.lockDocuments(documentIds),

    async insert(segment: NewSegment): Promise<number> {
      const row = await db
        .insertInto('segments')
        .values(toValues(segment))
        .returning('id')
        .executeTakeFirstOrThrow();
      await counters.adjust(segment.documentId, counted(segment));
      return row.id;
    },

    /** Inserts the rows in order (segment-inserts.ts). */
    async insertMany(segments: NewSegment[]): Promise<void> {
      await insertSegmentRows(db, dialect, segments);
      const byDocument = new Map<number | null, NewSegment[]>();
      for (const segment of segments) {
        const list = byDocument.get(segment.documentId) ?? [];
        if (list.length === 0) byDocument.set(segment.documentId, list);
        list.push(segment);
      }
      for (const [documentId, list] of byDocument) {
        await counters.adjust(documentId, sumCounters(list.map(counted)));
      }
    },

    /** A document's segments in order. */
    listByDocument: async (documentId: number): Promise<Segment[]> =>
      (
        await wireSelect(db)
          .where('s.document_id', '=', documentId)
          .orderBy('s.idx')
          .orderBy('s.id')
          .execute()
      ).map(toWire),

    /** Up to `limit` of a document's segments in order, after `after` (null: from the start). */
    pageByDocument: (documentId: number, after: PageCursor, limit: number): Promise<Segment[]> =>
      segmentPages(db, dialect).page(documentId, after, limit),

    async get(orgId: number, id: number): Promise<Segment | null> {
      const row = await wireSelect(db)
        .where('s.id', '=', id)
        .where('s.org_id', '=', orgId)
        .where(visible)
        .executeTakeFirst();
      return row ? toWire(row) : null;
    },

    /** The segment to change; `forUpdate` locks its row on PostgreSQL (inside a transaction). */
    async row(orgId: number, id: number, forUpdate = false): Promise<SegmentRow | null> {
      let query = db
        .selectFrom('segments as s')
        .select(SEGMENT_ROW_COLUMNS)
        .where('s.id', '=', id)
        .where('s.org_id', '=', orgId)
        .where(visible);
      if (forUpdate && dialect === 'postgres') query = query.forUpdate();
      return (await query.executeTakeFirst()) ?? null;
    },

    /** The sources before and after a segment in its document (the TM's context). */
    async context(row: Pick<SegmentRow, 'document_id' | 'idx'>) {
      if (row.document_id === null) return { prevSource: null, nextSource: null };
      const rows = await db
        .selectFrom('segments')
        .select(['idx', 'source'])
        .where('document_id', '=', row.document_id)
        .where('idx', 'in', [row.idx - 1, row.idx + 1])
        .orderBy('id')
        .execute();
      // The first segment at each index, as a lookup by index alone would find.
      const at = (idx: number) => rows.find((r) => r.idx === idx)?.source ?? null;
      return { prevSource: at(row.idx - 1), nextSource: at(row.idx + 1) };
    },

    /** The index after the document's last segment. */
    async nextIndex(documentId: number): Promise<number> {
      const row = await db
        .selectFrom('segments')
        .select((eb) => eb.fn.max('idx').as('idx'))
        .where('document_id', '=', documentId)
        .executeTakeFirst();
      return (row?.idx ?? -1) + 1;
    },

    /** A new target for `row` as it was read (locked) in this transaction. */
    async setTarget(row: SegmentRow, change: TargetChange): Promise<void> {
      await db
        .updateTable('segments')
        .set({
          target: change.target,
          is_confirmed: change.isConfirmed ? 1 : 0,
          target_origin: change.targetOrigin,
          match_score: change.matchScore,
          memory_unit_id: change.memoryUnitId,
          ...(change.isReviewed === undefined ? {} : { is_reviewed: change.isReviewed ? 1 : 0 }),
          updated_by: change.userId,
          updated_at: change.now,
        })
        .where('id', '=', row.id)
        .execute();
      const after = {
        ...row,
        is_confirmed: change.isConfirmed ? 1 : 0,
        ...(change.isReviewed === undefined ? {} : { is_reviewed: change.isReviewed ? 1 : 0 }),
      };
      await counters.adjust(row.document_id, changeOf(row, after));
    },

    /** Deletes `row` as it was read (locked) in this transaction. */
    async remove(row: SegmentRow): Promise<boolean> {
      const result = await db.deleteFrom('segments').where('id', '=', row.id).executeTakeFirst();
      const deleted = Number(result.numDeletedRows) > 0;
      if (deleted) await counters.adjust(row.document_id, countOf(row, -1));
      return deleted;
    },

    /** Unlocks the organization's segments among `ids`; the ids of those, in the given order. */
    unlock: (orgId: number, ids: number[]): Promise<number[]> =>
      unlockSegments(db, dialect, orgId, ids),

    /** Whether the organization has this memory (where a segment without a document goes). */
    async memoryExists(orgId: number, memoryId: number): Promise<boolean> {
      const row = await db
        .selectFrom('memories')
        .select('id')
        .where('id', '=', memoryId)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type SegmentQueries = ReturnType<typeof segmentQueries>;
