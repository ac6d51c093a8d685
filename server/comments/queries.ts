import type { Annotation, Comment } from '../../shared/api/comments';
import type { Queryable } from '../db/storage';
import { documentIsShown } from '../documents/document-queries';

/** A comment to insert (the caller checked the document and segment, and runs the transaction). */
export interface NewComment {
  orgId: number;
  documentId: number;
  segmentId: number;
  segmentRevision: number;
  userId: number;
  text: string;
  annotations: Annotation[];
  isResolved: boolean;
  now: number;
}

/** What a change needs of a stored comment: where it is, who wrote it, what it says now. */
export interface CommentRow {
  id: number;
  document_id: number;
  user_id: number;
  text: string;
  annotations: Annotation[];
  is_resolved: boolean;
}

/** The fields a change sets, all of them (the caller merges in what stays). */
export interface CommentChange {
  text: string;
  annotations: Annotation[];
  isResolved: boolean;
  now: number;
}

/** SQLite answers a comparison as 0/1, PostgreSQL as a boolean. */
const isTrue = (value: unknown) => value === true || value === 1;

/** Comments with their author's name; `is_mine` says whether `viewer` wrote each. */
function wireSelect(db: Queryable, viewer: number) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select((eb) => [
      'c.id',
      'c.text',
      'c.annotations',
      'c.is_resolved',
      'c.document_id',
      'c.segment_id',
      'c.segment_revision_id',
      'c.user_id',
      'c.created_at',
      'c.updated_at',
      'u.name as user_name',
      eb('c.user_id', '=', viewer).as('is_mine'),
    ]);
}

type WireRow = Awaited<ReturnType<ReturnType<typeof wireSelect>['executeTakeFirstOrThrow']>>;

const toWire = (row: WireRow): Comment => ({
  ...row,
  annotations: JSON.parse(row.annotations) as Annotation[],
  is_resolved: row.is_resolved !== 0,
  is_mine: isTrue(row.is_mine),
});

/**
 * Segment comments, and the reads a comment needs of its document and segment. Every read by id
 * is scoped to the organization. `db` is the storage's handle or an open transaction.
 */
export function commentQueries(db: Queryable) {
  return {
    async insert(comment: NewComment): Promise<number> {
      const row = await db
        .insertInto('comments')
        .values({
          org_id: comment.orgId,
          document_id: comment.documentId,
          segment_id: comment.segmentId,
          segment_revision_id: comment.segmentRevision,
          user_id: comment.userId,
          text: comment.text,
          annotations: JSON.stringify(comment.annotations),
          is_resolved: comment.isResolved ? 1 : 0,
          created_at: comment.now,
          updated_at: comment.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async get(orgId: number, id: number, viewer: number): Promise<Comment | null> {
      const row = await wireSelect(db, viewer)
        .where('c.id', '=', id)
        .where('c.org_id', '=', orgId)
        .executeTakeFirst();
      return row ? toWire(row) : null;
    },

    async row(orgId: number, id: number): Promise<CommentRow | null> {
      const row = await db
        .selectFrom('comments')
        .select(['id', 'document_id', 'user_id', 'text', 'annotations', 'is_resolved'])
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        ...row,
        annotations: JSON.parse(row.annotations) as Annotation[],
        is_resolved: row.is_resolved !== 0,
      };
    },

    /** A document's comments, by segment id then oldest first (ids grow with time). */
    listByDocument: async (documentId: number, viewer: number): Promise<Comment[]> =>
      (
        await wireSelect(db, viewer)
          .where('c.document_id', '=', documentId)
          .orderBy('c.segment_id')
          .orderBy('c.id')
          .execute()
      ).map(toWire),

    /** A segment's thread, oldest first. */
    listBySegment: async (segmentId: number, viewer: number): Promise<Comment[]> =>
      (
        await wireSelect(db, viewer).where('c.segment_id', '=', segmentId).orderBy('c.id').execute()
      ).map(toWire),

    async update(id: number, change: CommentChange): Promise<void> {
      await db
        .updateTable('comments')
        .set({
          text: change.text,
          annotations: JSON.stringify(change.annotations),
          is_resolved: change.isResolved ? 1 : 0,
          updated_at: change.now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Resolves or reopens a segment's whole thread; only comments that change get a new time. */
    async resolveSegment(segmentId: number, isResolved: boolean, now: number): Promise<void> {
      const flag = isResolved ? 1 : 0;
      await db
        .updateTable('comments')
        .set({ is_resolved: flag, updated_at: now })
        .where('segment_id', '=', segmentId)
        .where('is_resolved', '!=', flag)
        .execute();
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Whether the organization has this document, shown (not still importing). */
    documentVisible: (orgId: number, documentId: number) => documentIsShown(db, orgId, documentId),

    /** The segment's current revision, or null when it is not in that document. */
    async segmentRevision(segmentId: number, documentId: number): Promise<number | null> {
      const row = await db
        .selectFrom('segments')
        .select('revision')
        .where('id', '=', segmentId)
        .where('document_id', '=', documentId)
        .executeTakeFirst();
      return row?.revision ?? null;
    },
  };
}

export type CommentQueries = ReturnType<typeof commentQueries>;
