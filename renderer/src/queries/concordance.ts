import { queryOptions } from '@tanstack/react-query';
import type { ConcordanceSide } from '../../../shared/api/concordance';
import { getBridge } from '../bridge';

export interface ConcordanceSearch {
  /** A word or a phrase; the search runs once it is not blank. */
  q: string;
  in: ConcordanceSide;
  n: number;
}

/**
 * Concordance searches of a memory (our `GET /v2/memories/concordance`), shared by the
 * Memories view and the editor's Ctrl+K panel.
 */
export const concordanceQueries = {
  all: ['concordance'] as const,
  /** Every cached search of one memory (an import or a deleted unit makes them stale). */
  ofMemory: (memoryId: number) => [...concordanceQueries.all, memoryId] as const,
  search: (memoryId: number, { q, in: side, n }: ConcordanceSearch) =>
    queryOptions({
      queryKey: [...concordanceQueries.ofMemory(memoryId), { q, in: side, n }] as const,
      queryFn: () => getBridge().memories.concordance({ id: memoryId, q, in: side, n }),
      staleTime: 10_000,
    }),
};
