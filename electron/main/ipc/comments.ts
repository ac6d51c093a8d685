import type {
  Comment,
  CommentBody,
  CommentDeleteResponse,
  DocumentComments,
} from '../../../shared/api/comments';
import type { Gateway } from '../gateway/gateway';
import type { Handlers } from './validated';

type CommentHandlers = Pick<
  Handlers,
  | 'comments:list'
  | 'comments:create'
  | 'comments:update'
  | 'comments:delete'
  | 'comments:resolve-thread'
>;

// The public format carries `isResolved` as a string; our server accepts booleans too, a hosted
// one may not.
const resolvedFlag = (isResolved: boolean) => (isResolved ? 'true' : 'false');

/**
 * Segment comments. They live on the comments base (`{server}/2` unless the settings name another),
 * so every call goes out with `base: 'comments'` and a path below it.
 */
export function commentHandlers(gateway: Gateway): CommentHandlers {
  return {
    'comments:list': ({ document_id }) =>
      gateway.json<DocumentComments>({
        method: 'GET',
        base: 'comments',
        path: '/comments',
        query: { document_id },
      }),

    'comments:create': ({ document_id, segment_id, text, annotations }) =>
      gateway.json<Comment>({
        method: 'POST',
        base: 'comments',
        path: '/comments',
        query: { document_id, segment_id },
        json: { text, annotations: annotations ?? [], isResolved: 'false' } satisfies CommentBody,
      }),

    'comments:update': ({ comment_id, document_id, text, annotations, is_resolved }) =>
      gateway.json<Comment>({
        method: 'PUT',
        base: 'comments',
        path: '/comments',
        query: { comment_id, document_id },
        json: {
          ...(text === undefined ? {} : { text }),
          ...(annotations === undefined ? {} : { annotations }),
          ...(is_resolved === undefined ? {} : { isResolved: resolvedFlag(is_resolved) }),
        } satisfies CommentBody,
      }),

    'comments:delete': ({ comment_id }) =>
      gateway.json<CommentDeleteResponse>({
        method: 'DELETE',
        base: 'comments',
        path: '/comments',
        query: { comment_id },
      }),

    'comments:resolve-thread': ({ document_id, segment_id, is_resolved }) =>
      gateway.json<Comment[]>({
        method: 'PUT',
        base: 'comments',
        path: '/comments/thread',
        query: { document_id, segment_id },
        json: { isResolved: resolvedFlag(is_resolved) },
      }),
  };
}
