import type {
  Annotation,
  Comment,
  CommentBody,
  DocumentComments,
  ResolvedFlag,
} from '../../shared/api/comments';
import { badRequest, forbidden, notFound } from '../http/http-error';
import type { Storage } from '../db/storage';
import { commentQueries, type CommentQueries } from './queries';
import { nowSeconds } from '../db/time';

/** Who is asking: the key's user and organization. */
export interface Caller {
  orgId: number;
  userId: number;
}

/** Where a comment goes: a segment of a document. */
export interface SegmentPlace {
  documentId: number;
  segmentId: number;
}

export const documentNotFound = (id: number) => notFound(`Document ${id} not found`);

/** The public format sends `"true"`/`"false"`; booleans are accepted too (the schema allows no other). */
export const isResolvedFlag = (flag: ResolvedFlag): boolean => flag === true || flag === 'true';

/** Only `{text}` is kept of an annotation: anything else a client sends is not stored. */
const cleanAnnotations = (annotations: Annotation[]): Annotation[] =>
  annotations.map(({ text }) => ({ text }));

function checkText(text: string | undefined): void {
  if (text !== undefined && text.trim() === '') throw badRequest('text: must not be blank');
}

const sameAnnotations = (a: Annotation[], b: Annotation[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Comments on segments (API.md 4.4). Each change is one transaction that re-reads what it checks.
 * Only the author may change a comment's text or annotations, or delete it; anyone in the
 * organization may resolve or reopen. Foreign ids answer like unknown ones (404).
 */
export function createCommentService(storage: Storage) {
  const reads = commentQueries(storage.db);

  /** The segment's current revision; 404 unless the segment is in the caller's document. */
  async function revisionAt(q: CommentQueries, caller: Caller, place: SegmentPlace) {
    if (!(await q.documentVisible(caller.orgId, place.documentId))) {
      throw documentNotFound(place.documentId);
    }
    const revision = await q.segmentRevision(place.segmentId, place.documentId);
    if (revision === null) {
      throw notFound(`Segment ${place.segmentId} not found in document ${place.documentId}`);
    }
    return revision;
  }

  const read = async (q: CommentQueries, caller: Caller, id: number) =>
    (await q.get(caller.orgId, id, caller.userId)) as Comment;

  return {
    /** `POST /2/comments`: the new comment, on the segment's current revision. */
    create: (caller: Caller, place: SegmentPlace, body: CommentBody): Promise<Comment> => {
      if (body.text === undefined) throw badRequest('text: is required to create a comment');
      checkText(body.text);
      return storage.transaction(async (tx) => {
        const q = commentQueries(tx);
        const id = await q.insert({
          orgId: caller.orgId,
          ...place,
          segmentRevision: await revisionAt(q, caller, place),
          userId: caller.userId,
          text: body.text!,
          annotations: cleanAnnotations(body.annotations ?? []),
          isResolved: body.isResolved === undefined ? false : isResolvedFlag(body.isResolved),
          now: nowSeconds(),
        });
        return read(q, caller, id);
      });
    },

    /** `PUT /2/comments`: only the fields present change. */
    update: (
      caller: Caller,
      target: { commentId: number; documentId: number },
      body: CommentBody,
    ): Promise<Comment> => {
      const { text, annotations, isResolved } = body;
      if (text === undefined && annotations === undefined && isResolved === undefined) {
        throw badRequest('body: give at least one of text, annotations, isResolved');
      }
      checkText(text);
      return storage.transaction(async (tx) => {
        const q = commentQueries(tx);
        const row = await q.row(caller.orgId, target.commentId);
        if (!row || row.document_id !== target.documentId) {
          throw notFound(`Comment ${target.commentId} not found in document ${target.documentId}`);
        }
        const next = {
          text: text ?? row.text,
          annotations: annotations === undefined ? row.annotations : cleanAnnotations(annotations),
          isResolved: isResolved === undefined ? row.is_resolved : isResolvedFlag(isResolved),
        };
        // A client that sends the whole comment back unchanged is not editing it.
        const isEdit =
          next.text !== row.text || !sameAnnotations(next.annotations, row.annotations);
        if (isEdit && row.user_id !== caller.userId) {
          throw forbidden(
            `Only the author of comment ${row.id} can edit its text or annotations; ` +
              'anyone in the organization can resolve or reopen it',
          );
        }
        if (isEdit || next.isResolved !== row.is_resolved) {
          await q.update(row.id, { ...next, now: nowSeconds() });
        }
        return read(q, caller, row.id);
      });
    },

    /** `DELETE /2/comments`: the author's own comment. */
    remove: (caller: Caller, id: number): Promise<void> =>
      storage.transaction(async (tx) => {
        const q = commentQueries(tx);
        const row = await q.row(caller.orgId, id);
        if (!row) throw notFound(`Comment ${id} not found`);
        if (row.user_id !== caller.userId) {
          throw forbidden(`Only the author of comment ${id} can delete it`);
        }
        await q.remove(id);
      }),

    /** `PUT /2/comments/thread`: every comment of the segment resolved or reopened. */
    resolveThread: (caller: Caller, place: SegmentPlace, flag: ResolvedFlag): Promise<Comment[]> =>
      storage.transaction(async (tx) => {
        const q = commentQueries(tx);
        await revisionAt(q, caller, place);
        await q.resolveSegment(place.segmentId, isResolvedFlag(flag), nowSeconds());
        return q.listBySegment(place.segmentId, caller.userId);
      }),

    /** `GET /2/comments`: by segment id (as a string), each list oldest first. */
    async byDocument(caller: Caller, documentId: number): Promise<DocumentComments> {
      if (!(await reads.documentVisible(caller.orgId, documentId))) {
        throw documentNotFound(documentId);
      }
      const grouped: DocumentComments = {};
      for (const comment of await reads.listByDocument(documentId, caller.userId)) {
        (grouped[String(comment.segment_id)] ??= []).push(comment);
      }
      return grouped;
    },

    /** A segment's thread, oldest first (the caller has checked the segment). */
    thread: (caller: Caller, segmentId: number): Promise<Comment[]> =>
      reads.listBySegment(segmentId, caller.userId),
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
