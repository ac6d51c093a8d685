import type { Segment } from '../../shared/api/segments';
import type { Dialect, Queryable } from '../db/storage';
import {
  SEGMENT_ROW_COLUMNS,
  toWire,
  wireSelect,
  type SegmentRow,
} from '../documents/segment-rows';

/** Ids per `IN (...)` list, under both backends' parameter limits. */
const IDS_PER_LIST = 10_000;

/** A segment about to change, with the target the batch compares against. */
export type BatchRow = SegmentRow;

/** The reads of `PUT /v2/documents/segments`: one document's segments by id, in chunks. */
export function batchQueries(db: Queryable, dialect: Dialect) {
  return {
    /**
     * The segments among `ids` that are the organization's and in `documentId`; their rows are
     * locked on PostgreSQL (inside the batch's transaction), so nobody changes them meanwhile.
     */
    async rows(orgId: number, documentId: number, ids: number[]): Promise<BatchRow[]> {
      const rows: BatchRow[] = [];
      for (let at = 0; at < ids.length; at += IDS_PER_LIST) {
        let query = db
          .selectFrom('segments as s')
          .select(SEGMENT_ROW_COLUMNS)
          .where('s.id', 'in', ids.slice(at, at + IDS_PER_LIST))
          .where('s.org_id', '=', orgId)
          .where('s.document_id', '=', documentId)
          .orderBy('s.id');
        if (dialect === 'postgres') query = query.forUpdate();
        rows.push(...(await query.execute()));
      }
      return rows;
    },

    /** The segments as the API answers them, in the order of `ids`. */
    async wire(ids: number[]): Promise<Segment[]> {
      const byId = new Map<number, Segment>();
      for (let at = 0; at < ids.length; at += IDS_PER_LIST) {
        const rows = await wireSelect(db)
          .where('s.id', 'in', ids.slice(at, at + IDS_PER_LIST))
          .execute();
        for (const row of rows) byId.set(row.id, toWire(row));
      }
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
