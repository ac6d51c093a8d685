import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getBridge } from '../../../bridge';
import { projectQueries } from '../../../queries/projects';
import { useEditorStore } from '../editor-store';
import { editorQueries } from '../queries';

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
