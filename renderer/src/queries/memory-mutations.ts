import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Memory, MemoryCreateParameters } from '../../../shared/api/memories';
import { getBridge } from '../bridge';
import { memoryQueries } from './memories';

/** Shared: the board's new-project dialog and the Memories view both create memories. */
export function useCreateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemoryCreateParameters) => getBridge().memories.create(input),
    onSuccess: (memory) => {
      // Pickers can select the new memory at once, before the list comes back.
      queryClient.setQueryData<Memory[]>(memoryQueries.list().queryKey, (list) =>
        list ? [...list, memory] : list,
      );
      void queryClient.invalidateQueries({ queryKey: memoryQueries.list().queryKey });
    },
  });
}
