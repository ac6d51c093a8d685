import type { Segment } from '../../shared/api/segments';
import type { Dialect, Queryable } from '../db/storage';
import {
  toValues,
  toWire,
  visible,
  wireSelect,
  type NewSegment,
  type SegmentRow,
  type TargetChange,
} from './segment-rows';
import { insertSegmentRows } from './segment-inserts';
import { segmentPages, type PageCursor } from './segment-pages';

export type { NewSegment, SegmentRow, TargetChange } from './segment-rows';

/** Ids per `IN (...)` list, under both limits with room for the other parameters. */
const IDS_PER_LIST = 10_000;

/**
 * Segments of documents and memories. Every read by id is scoped to the organization. `db` is
 * the storage's handle or an open transaction; `dialect` decides whether `row` can lock.
 */
export function segmentQueries(db: Queryable, dialect: Dialect) {
  return {
    async insert(segment: NewSegment): Promise<number> {
      const row = await db
        .insertInto('segments')
        .values(toValues(segment))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Inserts the rows in order (segment-inserts.ts). */
    insertMany: (segments: NewSegment[]): Promise<void> => insertSegmentRows(db, dialect, segments),

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
        .select([
          's.id',
          's.document_id',
          's.memory_id',
          's.idx',
          's.source',
          's.target',
          's.context_key',
          's.memory_unit_id',
        ])
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

    async setTarget(id: number, change: TargetChange): Promise<void> {
      await db
        .updateTable('segments')
        .set({
          target: change.target,
          is_confirmed: change.isConfirmed ? 1 : 0,
          target_origin: change.targetOrigin,
          match_score: change.matchScore,
          memory_unit_id: change.memoryUnitId,
          updated_by: change.userId,
          updated_at: change.now,
        })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('segments').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Unlocks the organization's segments among `ids`; the ids of those, in the given order. */
    async unlock(orgId: number, ids: number[]): Promise<number[]> {
      const unique = [...new Set(ids)];
      const found = new Set<number>();
      for (let at = 0; at < unique.length; at += IDS_PER_LIST) {
        const rows = await db
          .updateTable('segments as s')
          .set({ is_reviewed: 0 })
          .where('s.id', 'in', unique.slice(at, at + IDS_PER_LIST))
          .where('s.org_id', '=', orgId)
          .where(visible)
          .returning('id')
          .execute();
        for (const row of rows) found.add(row.id);
      }
      return unique.filter((id) => found.has(id));
    },

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
