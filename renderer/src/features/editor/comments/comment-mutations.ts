import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DocumentComments } from '../../../../../shared/api/comments';
import type { ChannelInput } from '../../../../../shared/ipc/contract';
import { getBridge } from '../../../bridge';
import { withComment, withoutComment, withThread } from './comment-threads';
import { useCommentStore } from './comment-store';
import { editorQueries } from '../queries';

/**
 * Each mutation puts its answer into the cached list at once (the badge, filter and thread follow)
 * and then asks for the list again, which also brings in what other reviewers did meanwhile.
 */
function useCommentsCache(documentId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = editorQueries.comments(documentId);
  return {
    update: (change: (comments: DocumentComments | undefined) => DocumentComments) => {
      queryClient.setQueryData<DocumentComments>(queryKey, change);
      // Not awaited: the UI is free again as soon as the answer is in.
      void refresh(queryClient, documentId);
    },
  };
}

const refresh = (queryClient: QueryClient, documentId: number) =>
  queryClient.invalidateQueries({ queryKey: editorQueries.comments(documentId).queryKey });

/** Adds a comment to a segment's thread; the reply box forgets its text only once it is sent. */
export function useCreateComment(documentId: number) {
  const cache = useCommentsCache(documentId);
  return useMutation({
    mutationFn: (input: Omit<ChannelInput<'comments:create'>, 'document_id'>) =>
      getBridge().comments.create({ ...input, document_id: documentId }),
    onSuccess: (comment) => {
      useCommentStore.getState().clearReply(comment.segment_id);
      cache.update((comments) =>
        withThread(comments, comment.segment_id, (thread) => [...thread, comment]),
      );
    },
  });
}

/** Changes a comment's text (the author only). */
export function useUpdateComment(documentId: number) {
  const cache = useCommentsCache(documentId);
  return useMutation({
    mutationFn: (input: Omit<ChannelInput<'comments:update'>, 'document_id'>) =>
      getBridge().comments.update({ ...input, document_id: documentId }),
    onSuccess: (comment) => {
      useCommentStore.getState().setEditing(null);
      cache.update((comments) => withComment(comments, comment));
    },
  });
}

export function useDeleteComment(documentId: number) {
  const cache = useCommentsCache(documentId);
  return useMutation({
    mutationFn: (input: { comment_id: number }) => getBridge().comments.delete(input),
    onSuccess: ({ id }) => {
      useCommentStore.getState().askDelete(null);
      cache.update((comments) => withoutComment(comments, id));
    },
  });
}

/** Resolves or reopens every comment of a segment at once. */
export function useResolveThread(documentId: number) {
  const cache = useCommentsCache(documentId);
  return useMutation({
    mutationFn: (input: { segment_id: number; is_resolved: boolean }) =>
      getBridge().comments.resolveThread({ ...input, document_id: documentId }),
    onSuccess: (thread, input) => {
      cache.update((comments) => withThread(comments, input.segment_id, () => thread));
    },
  });
}
