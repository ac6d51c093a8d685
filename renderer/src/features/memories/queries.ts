import { queryOptions } from '@tanstack/react-query';
import { getBridge } from '../../bridge';
import { MEMORIES_KEY, memoryListQuery } from '../../queries/memories';

export { isAnyProcessing } from '../../queries/memories';

export interface MemorySearch {
  query: string;
  /** Lowest score shown (the server's default is 50). */
  threshold: number;
  n: number;
}

/** Translation memories: the board's create dialog picks one, the Memories view lists them. */
export const memoryQueries = {
  all: MEMORIES_KEY,
  list: memoryListQuery,
  /** Every cached search of one memory (a deleted unit or an import makes them stale). */
  searches: (id: number) => [...memoryQueries.all, 'query', id] as const,
  search: (id: number, { query, threshold, n }: MemorySearch) =>
    queryOptions({
      queryKey: [...memoryQueries.searches(id), { query, threshold, n }] as const,
      queryFn: () => getBridge().memories.query({ id, query, threshold, n }),
    }),
  /** The termbase's terms: the host exports the termbase and reads it, so this takes a moment. */
  terms: (id: number) =>
    queryOptions({
      queryKey: [...memoryQueries.all, 'terms', id] as const,
      queryFn: () => getBridge().memories.terms({ id, limit: 10_000 }),
      staleTime: 30_000,
    }),
};
