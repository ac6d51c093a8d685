import { queryOptions } from '@tanstack/react-query';
import type { Memory } from '../../../shared/api/memories';
import { getBridge } from '../bridge';

// An import or a termbase export runs in the background; a second is often enough to see it end.
const PROCESSING_POLL_MS = 1000;

export const isAnyProcessing = (memories: readonly Memory[] | undefined): boolean =>
  memories?.some((memory) => memory.is_processing) ?? false;

export const MEMORIES_KEY = ['memories'] as const;

/**
 * The list of translation memories, shared by every view that picks one (the board, the Files
 * view's Translate…, the Memories view). The Memories feature's factory hands this one out.
 */
export const memoryListQuery = () =>
  queryOptions({
    queryKey: [...MEMORIES_KEY, 'list'] as const,
    queryFn: () => getBridge().memories.list(),
    // Poll only while something runs in the background, then stop.
    refetchInterval: (query) => (isAnyProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  });
