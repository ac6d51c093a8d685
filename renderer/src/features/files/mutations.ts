import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SourceFile } from '../../../../shared/api/files';
import type { DownloadResult } from '../../../../shared/ipc/contract';
import { getBridge } from '../../bridge';
import { refreshFileLists, removeFileFromLists, replaceFileInLists } from './file-cache';

interface FileLabel {
  id: number;
  name: string;
}

/** Callbacks kept with the mutation itself, so they run even if the row that started it scrolled away. */
interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
}

export function useAddFileLabel(callbacks: MutationCallbacks<SourceFile, FileLabel> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FileLabel) => getBridge().files.addLabel(input),
    onSuccess: (file, input) => {
      replaceFileInLists(queryClient, file);
      void refreshFileLists(queryClient);
      callbacks.onSuccess?.(file, input);
    },
    onError: callbacks.onError,
  });
}

export function useRemoveFileLabel(callbacks: MutationCallbacks<SourceFile, FileLabel> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FileLabel) => getBridge().files.removeLabel(input),
    onSuccess: (file, input) => {
      replaceFileInLists(queryClient, file);
      void refreshFileLists(queryClient);
      callbacks.onSuccess?.(file, input);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteFile(callbacks: MutationCallbacks<unknown, { id: number }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => getBridge().files.delete(input),
    onSuccess: (result, input) => {
      removeFileFromLists(queryClient, input.id);
      void refreshFileLists(queryClient);
      callbacks.onSuccess?.(result, input);
    },
    onError: callbacks.onError,
  });
}

/** Desktop: a save dialog, then the file is written there. Browser: a normal download. */
export function useDownloadFile(callbacks: MutationCallbacks<DownloadResult, { id: number }> = {}) {
  return useMutation({
    mutationFn: (input: { id: number }) => getBridge().files.download(input),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
