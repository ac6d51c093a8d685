import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getBridge } from '../../../bridge';
import { newUploadId } from '../../../bridge/upload-control';
import { fileQueries } from '../../../queries/files';
import { useEditorStore } from '../editor-store';

/** Desktop: a save dialog. Browser: a normal download. */
export function useDownloadReference() {
  return useMutation({
    mutationFn: (input: { id: number }) => getBridge().files.download(input),
    onError: (error) =>
      useEditorStore.getState().showAlert({ title: 'The file was not downloaded', error }),
  });
}

/**
 * Desktop: opens the file with the system's app for its type. Where the host cannot (the
 * browser), downloads it.
 */
export function useOpenReference() {
  return useMutation({
    mutationFn: async (input: { id: number }) => {
      const { opened } = await getBridge().files.open(input);
      if (!opened) await getBridge().files.download(input);
    },
    onError: (error) =>
      useEditorStore.getState().showAlert({ title: 'The file was not opened', error }),
  });
}

/** Uploads files as the project's reference material (category REFERENCE, with its id). */
export function useUploadReferences(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      for (const file of files) {
        await getBridge().files.upload({
          uploadId: newUploadId(),
          name: file.name,
          file,
          category: 'REFERENCE',
          project_id: projectId,
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileQueries.all }),
    onError: (error) =>
      useEditorStore.getState().showAlert({ title: 'The reference file was not added', error }),
  });
}
