import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Memory } from '../../../../shared/api/memories';
import type { DownloadResult } from '../../../../shared/ipc/contract';
import { getBridge } from '../../bridge';
import { concordanceQueries } from '../../queries/concordance';
import { memoryQueries } from '../../queries/memories';

/** Callbacks kept with the mutation itself, so they run even if the component that started it is gone. */
interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
}

function replaceInList(queryClient: QueryClient, memory: Memory) {
  queryClient.setQueryData<Memory[]>(memoryQueries.list().queryKey, (list) =>
    list?.map((item) => (item.id === memory.id ? memory : item)),
  );
}

export function useRenameMemory(
  callbacks: MutationCallbacks<Memory, { id: number; name: string }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; name: string }) => getBridge().memories.rename(input),
    onSuccess: (memory, input) => {
      replaceInList(queryClient, memory);
      void queryClient.invalidateQueries({ queryKey: memoryQueries.list().queryKey });
      callbacks.onSuccess?.(memory, input);
    },
    onError: callbacks.onError,
  });
}

/** Refused with 409 while a project uses the memory; the server's message says which. */
export function useDeleteMemory(callbacks: MutationCallbacks<unknown, { id: number }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => getBridge().memories.delete(input),
    onSuccess: (result, input) => {
      queryClient.setQueryData<Memory[]>(memoryQueries.list().queryKey, (list) =>
        list?.filter((memory) => memory.id !== input.id),
      );
      queryClient.removeQueries({ queryKey: memoryQueries.searches(input.id) });
      queryClient.removeQueries({ queryKey: concordanceQueries.ofMemory(input.id) });
      queryClient.removeQueries({ queryKey: memoryQueries.terms(input.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: memoryQueries.list().queryKey });
      callbacks.onSuccess?.(result, input);
    },
    onError: callbacks.onError,
  });
}

/** Deletes one unit; the memory's searches run again without it and its count goes down. */
export function useDeleteUnit(
  callbacks: MutationCallbacks<unknown, { id: number; segment_id: number }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; segment_id: number }) =>
      getBridge().memories.deleteUnit(input),
    onSuccess: async (result, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memoryQueries.searches(input.id) }),
        queryClient.invalidateQueries({ queryKey: concordanceQueries.ofMemory(input.id) }),
        queryClient.invalidateQueries({ queryKey: memoryQueries.list().queryKey }),
      ]);
      callbacks.onSuccess?.(result, input);
    },
    onError: callbacks.onError,
  });
}

/** Desktop: a save dialog, then the TMX is written there. Browser: a normal download. */
export function useExportMemory(callbacks: MutationCallbacks<DownloadResult, { id: number }> = {}) {
  return useMutation({
    mutationFn: (input: { id: number }) => getBridge().memories.export(input),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
