import { queryOptions } from '@tanstack/react-query';
import type { Memory } from '../../../shared/api/memories';
import { getBridge } from '../bridge';

// An import or a termbase export runs in the background; a second is often enough to see it end.
const PROCESSING_POLL_MS = 1000;

export const isAnyProcessing = (memories: readonly Memory[] | undefined): boolean =>
  memories?.some((memory) => memory.is_processing) ?? false;

export interface MemorySearch {
  query: string;
  /** Lowest score shown (the server's default is 50). */
  threshold: number;
  n: number;
}

/**
 * Translation memories. The list is shared by every view that picks one (the board, the Files
 * view's Translate…, the editor, the Memories view); searches and terms belong to the Memories view.
 */
export const memoryQueries = {
  all: ['memories'] as const,
  list: () =>
    queryOptions({
      queryKey: [...memoryQueries.all, 'list'] as const,
      queryFn: () => getBridge().memories.list(),
      // Poll only while something runs in the background, then stop.
      refetchInterval: (query) => (isAnyProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
    }),
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
