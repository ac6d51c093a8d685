import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentWithSegments } from '../../../../shared/api/documents';
import type { Segment, SegmentUpdateParameters } from '../../../../shared/api/segments';
import { getBridge } from '../../bridge';
import { projectQueries } from '../board/queries';
import { memoryQueries } from '../memories/queries';
import { useEditorStore } from './editor-store';
import { editorQueries } from './queries';

/**
 * Saves a target, confirmed or as a draft. The grid shows the answer at once (the segment is
 * replaced in the cached document); a confirm teaches the memory, so every match lookup and
 * memory search is asked again.
 */
export function useSaveSegment(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SegmentUpdateParameters) => getBridge().segments.update(input),
    onSuccess: (segment: Segment, input) => {
      queryClient.setQueryData<DocumentWithSegments>(
        editorQueries.document(documentId).queryKey,
        (document) =>
          document && {
            ...document,
            segments: document.segments.map((item) => (item.id === segment.id ? segment : item)),
          },
      );
      useEditorStore.getState().clearDraft(segment.id, input.target);
      if (input.is_confirmed !== false) {
        void queryClient.invalidateQueries({ queryKey: editorQueries.translations });
        void queryClient.invalidateQueries({ queryKey: memoryQueries.all });
      }
    },
    onError: (error, input) => {
      const { drafts, setDraft, showAlert } = useEditorStore.getState();
      showAlert({
        title:
          input.is_confirmed === false
            ? 'The draft was not saved. Your text is kept in the segment.'
            : 'The segment was not confirmed. Your text is kept in the segment.',
        error,
      });
      // Nothing typed is lost: the text stays (or goes back) in the segment's draft.
      if (!drafts[input.id]) {
        setDraft({
          segmentId: input.id,
          text: input.target,
          matchScore: input.match_score ?? null,
        });
      }
    },
  });
}

export function useDeleteDocument(onDeleted: (id: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => getBridge().documents.delete(input),
    onSuccess: (_result, input) => {
      queryClient.removeQueries({ queryKey: editorQueries.document(input.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: projectQueries.all });
      onDeleted(input.id);
    },
  });
}

/** Desktop: a save dialog. Browser: a normal download. */
export function useDownloadDocument() {
  return useMutation({
    mutationFn: (input: { id: number; is_xliff: boolean }) => getBridge().documents.download(input),
    onError: (error) =>
      useEditorStore.getState().showAlert({ title: 'The document was not downloaded', error }),
  });
}
