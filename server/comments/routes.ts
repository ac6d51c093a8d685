import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  Comment,
  CommentBody,
  CommentCreateQuery,
  CommentDeleteQuery,
  CommentDeleteResponse,
  CommentUpdateQuery,
  DocumentComments,
  DocumentCommentsQuery,
  ThreadQuery,
  ThreadResolveBody,
} from '../../shared/api/comments';
import type { CommentService } from './comment-service';

export interface CommentsRoutesOptions {
  comments: CommentService;
}

const tags = ['comments'];
const ErrorRef = Type.Ref('Error');
/** The comments base of the public format (API.md Part A): the same server, under `/2`. */
const BASE = '/2/comments';
const RESOLVED_NOTE = '`isResolved` is "true" or "false" (the public format) or a boolean.';

/**
 * Segment comments (API.md 4.4) on the `/2` base, plus our thread route. Scoped to the caller's
 * organization; only a comment's author edits its text or deletes it.
 */
export const commentsRoutes: FastifyPluginAsync<CommentsRoutesOptions> = async (app, options) => {
  const { comments } = options;

  app.get(
    BASE,
    {
      schema: {
        summary: "A document's comments, by segment",
        description:
          'Keys are segment ids (as strings), each list oldest first; segments without ' +
          'comments are absent.',
        tags,
        operationId: 'getDocumentComments',
        querystring: DocumentCommentsQuery,
        response: { 200: DocumentComments, 404: ErrorRef },
      },
    },
    async (request): Promise<DocumentComments> => {
      const query = request.query as Static<typeof DocumentCommentsQuery>;
      return comments.byDocument(request.auth, query.document_id);
    },
  );

  app.post<{ Body: CommentBody }>(
    BASE,
    {
      schema: {
        summary: 'Comment on a segment of a document',
        description:
          '`text` is required and not blank. The comment records the segment revision it was ' +
          `made on and its author (the key's user). ${RESOLVED_NOTE}`,
        tags,
        operationId: 'createComment',
        querystring: CommentCreateQuery,
        body: CommentBody,
        response: { 201: Comment, 404: ErrorRef },
      },
    },
    async (request, reply): Promise<Comment> => {
      const query = request.query as Static<typeof CommentCreateQuery>;
      const place = { documentId: query.document_id, segmentId: query.segment_id };
      const created = await comments.create(request.auth, place, request.body);
      reply.code(201);
      return created;
    },
  );

  app.put<{ Body: CommentBody }>(
    BASE,
    {
      schema: {
        summary: 'Change a comment',
        description:
          'Only the fields present change (at least one is needed). Only the author may change ' +
          `\`text\` or \`annotations\` (403); anyone in the organization may resolve or reopen. ${RESOLVED_NOTE}`,
        tags,
        operationId: 'updateComment',
        querystring: CommentUpdateQuery,
        body: CommentBody,
        response: { 201: Comment, 403: ErrorRef, 404: ErrorRef },
      },
    },
    async (request, reply): Promise<Comment> => {
      const query = request.query as Static<typeof CommentUpdateQuery>;
      const target = { commentId: query.comment_id, documentId: query.document_id };
      const updated = await comments.update(request.auth, target, request.body);
      reply.code(201);
      return updated;
    },
  );

  app.delete(
    BASE,
    {
      schema: {
        summary: 'Delete your own comment',
        description:
          'Only the author may delete a comment (403). The public format declares 204 with a ' +
          '`{id}` body, which HTTP cannot carry (a 204 has no body): this server answers 200 ' +
          'with `{id}`.',
        tags,
        operationId: 'deleteComment',
        querystring: CommentDeleteQuery,
        response: { 200: CommentDeleteResponse, 403: ErrorRef, 404: ErrorRef },
      },
    },
    async (request): Promise<CommentDeleteResponse> => {
      const { comment_id: id } = request.query as Static<typeof CommentDeleteQuery>;
      await comments.remove(request.auth, id);
      return { id };
    },
  );

  app.put<{ Body: Static<typeof ThreadResolveBody> }>(
    `${BASE}/thread`,
    {
      schema: {
        summary: "Resolve or reopen a segment's whole thread (our extension)",
        description: `Every comment of the segment at once; answers the thread, oldest first. ${RESOLVED_NOTE}`,
        tags,
        operationId: 'resolveCommentThread',
        querystring: ThreadQuery,
        body: ThreadResolveBody,
        response: { 200: Type.Array(Comment), 404: ErrorRef },
      },
    },
    async (request): Promise<Comment[]> => {
      const query = request.query as Static<typeof ThreadQuery>;
      const place = { documentId: query.document_id, segmentId: query.segment_id };
      return comments.resolveThread(request.auth, place, request.body.isResolved);
    },
  );
};
