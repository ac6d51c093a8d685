import { queryOptions } from '@tanstack/react-query';
import { getBridge } from '../../bridge';

/** Translation memories: the board's create dialog picks one, the Memories view lists them. */
export const memoryQueries = {
  all: ['memories'] as const,
  list: () =>
    queryOptions({
      queryKey: [...memoryQueries.all, 'list'] as const,
      queryFn: () => getBridge().memories.list(),
    }),
};
