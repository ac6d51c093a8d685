import type { Segment, TargetOrigin } from '../../shared/api/segments';
import type { Database } from '../db/db';

/** A segment to insert (the caller runs the transaction). */
export interface NewSegment {
  orgId: number;
  documentId: number | null;
  memoryId: number;
  index: number;
  source: string;
  target: string;
  isConfirmed: boolean;
  matchScore: number | null;
  targetOrigin: TargetOrigin | null;
  note: string | null;
  contextKey: string | null;
  memoryUnitId: number | null;
  wordCount: number;
  now: number;
}

/** What the segment routes need of a stored segment to change it. */
export interface SegmentRow {
  id: number;
  document_id: number | null;
  memory_id: number;
  idx: number;
  source: string;
  target: string;
  context_key: string | null;
  memory_unit_id: number | null;
}

/** A new target for a segment. */
export interface TargetChange {
  target: string;
  isConfirmed: boolean;
  targetOrigin: TargetOrigin | null;
  matchScore: number | null;
  memoryUnitId: number | null;
  now: number;
}

type WireRow = Omit<Segment, 'is_confirmed' | 'is_reviewed'> & {
  is_confirmed: number;
  is_reviewed: number;
};

const WIRE_COLUMNS = `s.id, s.created_at, s.updated_at, s.document_id, s.memory_id, s.source,
  m.srclang, s.target, m.trglang, s.is_confirmed, s.is_reviewed, s.idx AS "index", s.match_score,
  s.target_origin, s.note, s.context_key, s.memory_unit_id, s.word_count, s.revision`;

// A segment of a document still being imported is not there yet (server/documents/document-import.ts).
const VISIBLE = `NOT EXISTS (SELECT 1 FROM documents d
  WHERE d.id = s.document_id AND d.import_in_progress = 1)`;

const toWire = (row: WireRow): Segment => ({
  ...row,
  is_confirmed: row.is_confirmed !== 0,
  is_reviewed: row.is_reviewed !== 0,
});

/** Segments of documents and memories. Every read by id is scoped to the organization. */
export function createSegmentStore(db: Database) {
  const insert = db.prepare(
    `INSERT INTO segments (org_id, document_id, memory_id, idx, source, target, is_confirmed,
       match_score, target_origin, note, context_key, memory_unit_id, word_count, created_at,
       updated_at)
     VALUES (@orgId, @documentId, @memoryId, @index, @source, @target, @isConfirmed, @matchScore,
       @targetOrigin, @note, @contextKey, @memoryUnitId, @wordCount, @now, @now)`,
  );
  const byDocument = db.prepare<[number], WireRow>(
    `SELECT ${WIRE_COLUMNS} FROM segments s JOIN memories m ON m.id = s.memory_id
      WHERE s.document_id = ? ORDER BY s.idx, s.id`,
  );
  // Pages in (idx, id) order, from after the last row of the previous page.
  const pageOfDocument = db.prepare<[number, number, number, number], WireRow>(
    `SELECT ${WIRE_COLUMNS} FROM segments s JOIN memories m ON m.id = s.memory_id
      WHERE s.document_id = ? AND (s.idx, s.id) > (?, ?) ORDER BY s.idx, s.id LIMIT ?`,
  );
  const byId = db.prepare<[number, number], WireRow>(
    `SELECT ${WIRE_COLUMNS} FROM segments s JOIN memories m ON m.id = s.memory_id
      WHERE s.id = ? AND s.org_id = ? AND ${VISIBLE}`,
  );
  const rowById = db.prepare<[number, number], SegmentRow>(
    `SELECT id, document_id, memory_id, idx, source, target, context_key, memory_unit_id
       FROM segments s WHERE id = ? AND org_id = ? AND ${VISIBLE}`,
  );
  const neighbour = db.prepare<[number, number], { source: string }>(
    'SELECT source FROM segments WHERE document_id = ? AND idx = ? ORDER BY id LIMIT 1',
  );
  const lastIndex = db.prepare<[number], { idx: number | null }>(
    'SELECT max(idx) AS idx FROM segments WHERE document_id = ?',
  );
  const setTarget = db.prepare(
    `UPDATE segments SET target = @target, is_confirmed = @isConfirmed,
       target_origin = @targetOrigin, match_score = @matchScore, memory_unit_id = @memoryUnitId,
       updated_at = @now
     WHERE id = @id`,
  );
  const remove = db.prepare<[number]>('DELETE FROM segments WHERE id = ?');
  const unlock = db.prepare<[string, number], { id: number }>(
    `UPDATE segments AS s SET is_reviewed = 0
      WHERE s.id IN (SELECT value FROM json_each(?)) AND s.org_id = ? AND ${VISIBLE}
      RETURNING id`,
  );

  return {
    insert(segment: NewSegment): number {
      const result = insert.run({ ...segment, isConfirmed: segment.isConfirmed ? 1 : 0 });
      return Number(result.lastInsertRowid);
    },

    /** A document's segments in order. */
    listByDocument: (documentId: number): Segment[] => byDocument.all(documentId).map(toWire),

    /** Up to `limit` of a document's segments in order, after `after` (null: from the start). */
    pageByDocument(
      documentId: number,
      after: Pick<Segment, 'index' | 'id'> | null,
      limit: number,
    ): Segment[] {
      const [idx, id] = after ? [after.index, after.id] : [-Infinity, -Infinity];
      return pageOfDocument.all(documentId, idx, id, limit).map(toWire);
    },

    get(orgId: number, id: number): Segment | null {
      const row = byId.get(id, orgId);
      return row ? toWire(row) : null;
    },

    row: (orgId: number, id: number): SegmentRow | null => rowById.get(id, orgId) ?? null,

    /** The sources before and after a segment in its document (the TM's context). */
    context(row: Pick<SegmentRow, 'document_id' | 'idx'>) {
      if (row.document_id === null) return { prevSource: null, nextSource: null };
      return {
        prevSource: neighbour.get(row.document_id, row.idx - 1)?.source ?? null,
        nextSource: neighbour.get(row.document_id, row.idx + 1)?.source ?? null,
      };
    },

    /** The index after the document's last segment. */
    nextIndex: (documentId: number): number => (lastIndex.get(documentId)?.idx ?? -1) + 1,

    setTarget(id: number, change: TargetChange): void {
      setTarget.run({ id, ...change, isConfirmed: change.isConfirmed ? 1 : 0 });
    },

    remove: (id: number): boolean => remove.run(id).changes > 0,

    /** Unlocks the organization's segments among `ids`; the ids of those, in the given order. */
    unlock(orgId: number, ids: number[]): number[] {
      const found = new Set(unlock.all(JSON.stringify(ids), orgId).map((row) => row.id));
      return [...new Set(ids)].filter((id) => found.has(id));
    },
  };
}

export type SegmentStore = ReturnType<typeof createSegmentStore>;
