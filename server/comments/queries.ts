import type { Annotation, Comment } from '../../shared/api/comments';
import type { Database } from '../db/db';

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

type WireRow = Omit<Comment, 'annotations' | 'is_resolved' | 'is_mine'> & {
  annotations: string;
  is_resolved: number;
  is_mine: number;
};

// `@viewer` is the caller: `is_mine` says whether they wrote the comment.
const WIRE_SELECT = `SELECT c.id, c.text, c.annotations, c.is_resolved, c.document_id,
  c.segment_id, c.segment_revision_id, c.user_id, c.created_at, c.updated_at,
  u.name AS user_name, c.user_id = @viewer AS is_mine
  FROM comments c JOIN users u ON u.id = c.user_id`;

const toWire = (row: WireRow): Comment => ({
  ...row,
  annotations: JSON.parse(row.annotations) as Annotation[],
  is_resolved: row.is_resolved !== 0,
  is_mine: row.is_mine !== 0,
});

/** Segment comments. Every read by id is scoped to the organization. */
export function createCommentStore(db: Database) {
  const insert = db.prepare(
    `INSERT INTO comments (org_id, document_id, segment_id, segment_revision_id, user_id, text,
       annotations, is_resolved, created_at, updated_at)
     VALUES (@orgId, @documentId, @segmentId, @segmentRevision, @userId, @text, @annotations,
       @isResolved, @now, @now)`,
  );
  const byId = db.prepare<{ id: number; orgId: number; viewer: number }, WireRow>(
    `${WIRE_SELECT} WHERE c.id = @id AND c.org_id = @orgId`,
  );
  const byDocument = db.prepare<{ documentId: number; viewer: number }, WireRow>(
    `${WIRE_SELECT} WHERE c.document_id = @documentId ORDER BY c.segment_id, c.id`,
  );
  const bySegment = db.prepare<{ segmentId: number; viewer: number }, WireRow>(
    `${WIRE_SELECT} WHERE c.segment_id = @segmentId ORDER BY c.id`,
  );
  const rowById = db.prepare<
    [number, number],
    Omit<CommentRow, 'annotations' | 'is_resolved'> & { annotations: string; is_resolved: number }
  >(
    `SELECT id, document_id, user_id, text, annotations, is_resolved FROM comments
      WHERE id = ? AND org_id = ?`,
  );
  const update = db.prepare(
    `UPDATE comments SET text = @text, annotations = @annotations, is_resolved = @isResolved,
       updated_at = @now
     WHERE id = @id`,
  );
  const resolveSegment = db.prepare<[number, number, number, number]>(
    'UPDATE comments SET is_resolved = ?, updated_at = ? WHERE segment_id = ? AND is_resolved != ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM comments WHERE id = ?');

  return {
    insert(comment: NewComment): number {
      const result = insert.run({
        ...comment,
        annotations: JSON.stringify(comment.annotations),
        isResolved: comment.isResolved ? 1 : 0,
      });
      return Number(result.lastInsertRowid);
    },

    get(orgId: number, id: number, viewer: number): Comment | null {
      const row = byId.get({ id, orgId, viewer });
      return row ? toWire(row) : null;
    },

    row(orgId: number, id: number): CommentRow | null {
      const row = rowById.get(id, orgId);
      if (!row) return null;
      return {
        ...row,
        annotations: JSON.parse(row.annotations) as Annotation[],
        is_resolved: row.is_resolved !== 0,
      };
    },

    /** A document's comments, by segment id then oldest first (ids grow with time). */
    listByDocument: (documentId: number, viewer: number): Comment[] =>
      byDocument.all({ documentId, viewer }).map(toWire),

    /** A segment's thread, oldest first. */
    listBySegment: (segmentId: number, viewer: number): Comment[] =>
      bySegment.all({ segmentId, viewer }).map(toWire),

    update(id: number, change: CommentChange): void {
      update.run({
        id,
        ...change,
        annotations: JSON.stringify(change.annotations),
        isResolved: change.isResolved ? 1 : 0,
      });
    },

    /** Resolves or reopens a segment's whole thread; only comments that change get a new time. */
    resolveSegment(segmentId: number, isResolved: boolean, now: number): void {
      const flag = isResolved ? 1 : 0;
      resolveSegment.run(flag, now, segmentId, flag);
    },

    remove: (id: number): boolean => remove.run(id).changes > 0,
  };
}

export type CommentStore = ReturnType<typeof createCommentStore>;
