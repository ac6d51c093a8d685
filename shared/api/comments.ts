import { Type, type Static } from '@sinclair/typebox';
import { EpochSeconds, Id } from './fields';

/** Longest comment text (400 past it, naming the limit). */
export const MAX_COMMENT_TEXT = 10_000;

/** A quoted part of the segment the comment is about. */
export const Annotation = Type.Object({ text: Type.String({ maxLength: MAX_COMMENT_TEXT }) });
export type Annotation = Static<typeof Annotation>;

/** A comment (API.md 5, Comment, plus our extensions). */
export const Comment = Type.Object({
  id: Id,
  text: Type.String(),
  annotations: Type.Array(Annotation),
  is_resolved: Type.Boolean(),
  document_id: Id,
  segment_id: Id,
  /** The segment's revision when the comment was made (it counts target changes from 1). */
  segment_revision_id: Type.Integer({ minimum: 1 }),
  user_id: Id,
  created_at: EpochSeconds,
  /** Our extension: when the text or resolution last changed. */
  updated_at: EpochSeconds,
  /** Our extension: the author's name. */
  user_name: Type.String(),
  /** Our extension: whether the caller wrote it (only the author edits or deletes the text). */
  is_mine: Type.Boolean(),
});
export type Comment = Static<typeof Comment>;

/** `isResolved` arrives as a string ("true"/"false") in the public format; booleans are accepted. */
export const ResolvedFlag = Type.Union([
  Type.Boolean(),
  Type.Literal('true'),
  Type.Literal('false'),
]);
export type ResolvedFlag = Static<typeof ResolvedFlag>;

/** `POST /2/comments` and `PUT /2/comments` body (API.md 5, CommentBody). */
export const CommentBody = Type.Object({
  /** Required to create; on update only the fields present change. */
  text: Type.Optional(Type.String({ maxLength: MAX_COMMENT_TEXT })),
  annotations: Type.Optional(Type.Array(Annotation, { maxItems: 20 })),
  isResolved: Type.Optional(ResolvedFlag),
});
export type CommentBody = Static<typeof CommentBody>;

export const CommentCreateQuery = Type.Object({ document_id: Id, segment_id: Id });
export const CommentUpdateQuery = Type.Object({ comment_id: Id, document_id: Id });
export const CommentDeleteQuery = Type.Object({ comment_id: Id });
export const DocumentCommentsQuery = Type.Object({ document_id: Id });

export const CommentDeleteResponse = Type.Object({ id: Id });
export type CommentDeleteResponse = Static<typeof CommentDeleteResponse>;

/** `GET /2/comments`: the document's comments by segment id (as a string), oldest first. */
export const DocumentComments = Type.Record(Type.String(), Type.Array(Comment));
export type DocumentComments = Static<typeof DocumentComments>;

/**
 * Our extension `PUT /2/comments/thread?document_id&segment_id` with `{isResolved}`: resolves or
 * reopens every comment of the segment at once; answers the thread, oldest first.
 */
export const ThreadQuery = Type.Object({ document_id: Id, segment_id: Id });
export const ThreadResolveBody = Type.Object({ isResolved: ResolvedFlag });
