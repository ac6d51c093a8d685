import { queryOptions } from '@tanstack/react-query';
import type { ConcordanceSide } from '../../../shared/api/concordance';
import { isIpcError } from '../../../shared/ipc/errors';
import { getBridge } from '../bridge';
import { isTransientError } from '../bridge/ipc-errors';

export interface ConcordanceSearch {
  /** A word or a phrase; the search runs once it is not blank. */
  q: string;
  in: ConcordanceSide;
  n: number;
}

/** How long to wait before asking again while the server indexes (its Retry-After). */
export const INDEXING_RETRY_MS = 2_000;
/** Asked again for about five minutes of indexing, then shown as an error with "Try again". */
const MAX_INDEXING_RETRIES = 150;

/**
 * The server's 503 while it builds the memory's concordance index (the first search starts it):
 * its message says how far it is ("Indexing the memory for concordance: 340,000 of 1,000,000
 * units").
 */
export function isConcordanceIndexing(error: unknown): error is { message: string } {
  return isIpcError(error) && error.status === 503;
}

/**
 * Concordance searches of a memory (our `GET /v2/memories/concordance`), shared by the
 * Memories view and the editor's Ctrl+K panel. While the memory indexes, the search is asked
 * again every two seconds; meanwhile `failureReason` carries the server's progress.
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
      retry: (failures, error) =>
        isConcordanceIndexing(error)
          ? failures < MAX_INDEXING_RETRIES
          : failures < 2 && isTransientError(error),
      retryDelay: (failures, error) =>
        isConcordanceIndexing(error) ? INDEXING_RETRY_MS : Math.min(1000 * 2 ** failures, 30_000),
    }),
};
