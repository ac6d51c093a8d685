import type { ExpressionBuilder } from 'kysely';
import type { Segment, TargetOrigin } from '../../shared/api/segments';
import type { Queryable } from '../db/storage';
import type { Schema } from '../db/schema';

// The shapes of segment rows and the Kysely pieces that read and write them, for the queries in
// segment-queries.ts.

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
  // Kept as they are when a save only reviews the translation (segment-writes.ts).
  target_origin: string | null;
  match_score: number | null;
  // What the row counts for in its document's progress (progress-counter-queries.ts).
  is_confirmed: number;
  is_reviewed: number;
  word_count: number;
}

/** The columns of a `SegmentRow`, of `segments as s`. */
export const SEGMENT_ROW_COLUMNS = [
  's.id',
  's.document_id',
  's.memory_id',
  's.idx',
  's.source',
  's.target',
  's.context_key',
  's.memory_unit_id',
  's.target_origin',
  's.match_score',
  's.is_confirmed',
  's.is_reviewed',
  's.word_count',
] as const;

/** A new target for a segment. */
export interface TargetChange {
  target: string;
  isConfirmed: boolean;
  targetOrigin: TargetOrigin | null;
  matchScore: number | null;
  memoryUnitId: number | null;
  /** Reviewed (true) or not (false); undefined leaves the review as it is. */
  isReviewed?: boolean;
  /** Who changed it (a user's id). */
  userId: number;
  now: number;
}

/**
 * Rows per multi-row INSERT on SQLite: 15 parameters each, 15,000 in all, under its 32,766 bound
 * parameters (PostgreSQL takes arrays instead: segment-inserts.ts).
 */
export const INSERT_ROWS = 1_000;

/** An expression over `segments as s`. */
export type SegmentsAsS = ExpressionBuilder<Schema & { s: Schema['segments'] }, 's'>;

// A segment of a document still being imported is not there yet (document-import.ts).
export const visible = (eb: SegmentsAsS) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('documents as d')
        .select('d.id')
        .whereRef('d.id', '=', 's.document_id')
        .where('d.import_in_progress', '=', 1),
    ),
  );

/**
 * Segments as the API answers them, with their memory's languages and the name of who last
 * changed them (in the wire's key order).
 */
export function wireSelect(db: Queryable) {
  return db
    .selectFrom('segments as s')
    .innerJoin('memories as m', 'm.id', 's.memory_id')
    .leftJoin('users as u', 'u.id', 's.updated_by')
    .select([
      's.id',
      's.created_at',
      's.updated_at',
      's.document_id',
      's.memory_id',
      's.source',
      'm.srclang',
      's.target',
      'm.trglang',
      's.is_confirmed',
      's.is_reviewed',
      's.idx as index',
      's.match_score',
      's.target_origin',
      's.note',
      's.context_key',
      's.memory_unit_id',
      's.word_count',
      's.revision',
      'u.name as updated_by',
    ]);
}

export type WireRow = Awaited<ReturnType<ReturnType<typeof wireSelect>['executeTakeFirstOrThrow']>>;

export const toWire = (row: WireRow): Segment => ({
  ...row,
  is_confirmed: row.is_confirmed !== 0,
  is_reviewed: row.is_reviewed !== 0,
  target_origin: row.target_origin as TargetOrigin | null,
});

export const toValues = (segment: NewSegment) => ({
  org_id: segment.orgId,
  document_id: segment.documentId,
  memory_id: segment.memoryId,
  idx: segment.index,
  source: segment.source,
  target: segment.target,
  is_confirmed: segment.isConfirmed ? 1 : 0,
  match_score: segment.matchScore,
  target_origin: segment.targetOrigin,
  note: segment.note,
  context_key: segment.contextKey,
  memory_unit_id: segment.memoryUnitId,
  word_count: segment.wordCount,
  created_at: segment.now,
  updated_at: segment.now,
});
