import { Type, type Static } from '@sinclair/typebox';
import type { Comment } from './comments';
import { EpochSeconds, Id, LanguageCode, Nullable } from './fields';

/** Where a segment's current target came from (our extension). */
export const TargetOrigin = Type.Union([
  Type.Literal('file'),
  Type.Literal('tm'),
  Type.Literal('mt'),
  Type.Literal('user'),
]);
export type TargetOrigin = Static<typeof TargetOrigin>;

/** A segment (API.md 5, Segment, plus our extensions). */
export const Segment = Type.Object({
  id: Id,
  created_at: EpochSeconds,
  updated_at: EpochSeconds,
  /** Null for a segment created with only a memory. */
  document_id: Nullable(Id),
  memory_id: Id,
  source: Type.String(),
  srclang: Type.String(),
  /** Empty when untranslated. */
  target: Type.String(),
  trglang: Type.String(),
  is_confirmed: Type.Boolean(),
  is_reviewed: Type.Boolean(),
  /** Our extension: 0-based position in its document (0 without a document). */
  index: Type.Integer({ minimum: 0 }),
  /** Our extension: score of the TM match the target came from (pretranslation or insert). */
  match_score: Nullable(Type.Integer({ minimum: 0, maximum: 101 })),
  /** Our extension: where the target came from; null when there is no target. */
  target_origin: Nullable(TargetOrigin),
  /** Our extension: the file's note for the segment (PO comments, XLIFF notes, JSON key). */
  note: Nullable(Type.String()),
  /** Our extension: the key for context (101) matches. */
  context_key: Nullable(Type.String()),
  /** Our extension: the memory unit written when the segment was confirmed. */
  memory_unit_id: Nullable(Id),
  /** Our extension: number of words of the source (as the TM tokenizer counts them). */
  word_count: Type.Integer({ minimum: 0 }),
  /**
   * Our extension: counts changes of the target or its confirmation from 1 (a comment's `segment_revision_id` says
   * which one it was made on).
   */
  revision: Type.Integer({ minimum: 1 }),
  /**
   * Our extension: the name of who last changed the target or its confirmation through the editor
   * or the API; null for what an import or a pretranslation wrote.
   */
  updated_by: Nullable(Type.String()),
});
export type Segment = Static<typeof Segment>;

/** `GET /v2/segments` answer with `include_comments=true`: the comments oldest first. */
export type SegmentWithComments = Segment & { comments: Comment[] };

/** `POST /v2/segments` body (API.md 5, SegmentCreateParameters). */
export const SegmentCreateParameters = Type.Object({
  /** Required unless `document_id` is given (then the document's project's memory). */
  memory_id: Type.Optional(Id),
  document_id: Type.Optional(Id),
  source: Type.String({ minLength: 1, maxLength: 50_000 }),
  /** With a target the segment is confirmed and written into the memory. */
  target: Type.Optional(Type.String({ maxLength: 50_000 })),
  shouldApplySegmentation: Type.Optional(Type.Boolean()),
  srcLang: Type.Optional(LanguageCode),
});
export type SegmentCreateParameters = Static<typeof SegmentCreateParameters>;

export const SegmentGetQuery = Type.Object({
  id: Id,
  include_comments: Type.Optional(Type.Boolean()),
});

/** `PUT /v2/segments` body (API.md 5, SegmentUpdateParameters, plus our extensions). */
export const SegmentUpdateParameters = Type.Object({
  id: Id,
  target: Type.String({ maxLength: 50_000 }),
  /**
   * Our extension: `false` saves the target as a draft (nothing written into the memory, the
   * segment unconfirmed). Default true: confirmed, and the unit is written into the memory.
   */
  is_confirmed: Type.Optional(Type.Boolean()),
  /** Our extension: the score of the TM match the translator inserted, kept with the segment. */
  match_score: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 101 }))),
  /**
   * Our extension: `true` marks the confirmed translation reviewed (a reviewer approves it; it
   * cannot go with `is_confirmed: false`), `false` takes the review back. Absent: the review
   * stays while the target is the same; a changed target or a draft is no longer reviewed.
   */
  is_reviewed: Type.Optional(Type.Boolean()),
});
export type SegmentUpdateParameters = Static<typeof SegmentUpdateParameters>;

export const SegmentDeleteResponse = Type.Object({ id: Id, deleted: Type.Boolean() });
export type SegmentDeleteResponse = Static<typeof SegmentDeleteResponse>;

/** `GET /segments/tag` (legacy path, also under `/2`). */
export const SegmentTagQuery = Type.Object({
  source_tagged: Type.String({ maxLength: 50_000 }),
  target: Type.String({ maxLength: 50_000 }),
  memory_id: Id,
});
export const TaggedSegment = Type.Object({
  source_tagged: Type.String(),
  target_tagged: Type.String(),
});
export type TaggedSegment = Static<typeof TaggedSegment>;

/**
 * `POST /segments/review/unlock`: the spec names the field `documentIds` though it holds segment
 * ids; its curl example sends `segmentIds`. Either is accepted (at least one).
 */
export const SegmentUnlockBody = Type.Object({
  documentIds: Type.Optional(Type.Array(Id, { maxItems: 100_000 })),
  segmentIds: Type.Optional(Type.Array(Id, { maxItems: 100_000 })),
});
export type SegmentUnlockBody = Static<typeof SegmentUnlockBody>;

/** Most segments one `PUT /v2/documents/segments` may change (our extension). */
export const MAX_BATCH_SEGMENTS = 10_000;
/** Most characters of `target` and `expected_target` together in one such call. */
export const MAX_BATCH_TEXT = 8_000_000;

/** One segment of `PUT /v2/documents/segments`: `PUT /v2/segments`'s fields plus the target expected. */
export const SegmentBatchItem = Type.Object({
  id: Id,
  target: Type.String({ maxLength: 50_000 }),
  /** The target the change was made from; a segment whose target differs is left as it is. */
  expected_target: Type.String({ maxLength: 50_000 }),
  /** As in `PUT /v2/segments`: default true (confirmed, written into the memory). */
  is_confirmed: Type.Optional(Type.Boolean()),
  match_score: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 101 }))),
  /** Where the target came from; default `user`. An undo puts back the origin it had. */
  target_origin: Type.Optional(TargetOrigin),
});
export type SegmentBatchItem = Static<typeof SegmentBatchItem>;

/**
 * `PUT /v2/documents/segments` body (our extension): many targets of one document saved in one
 * transaction, all or nothing (find and replace, and its undo).
 */
export const SegmentBatchParameters = Type.Object({
  document_id: Id,
  segments: Type.Array(SegmentBatchItem, { minItems: 1, maxItems: MAX_BATCH_SEGMENTS }),
});
export type SegmentBatchParameters = Static<typeof SegmentBatchParameters>;

/** Its answer: the segments saved, and those changed meanwhile (left as they are), as they are now. */
export const SegmentBatchResponse = Type.Object({
  saved: Type.Array(Segment),
  changed_since: Type.Array(Segment),
});
export type SegmentBatchResponse = Static<typeof SegmentBatchResponse>;
