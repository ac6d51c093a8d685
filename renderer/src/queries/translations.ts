import { queryOptions } from '@tanstack/react-query';
import type { TranslationInfo } from '../../../shared/api/file-translation';
import type { TranslationListFilters } from '../../../shared/ipc/contract';
import { getBridge } from '../bridge';

// Segments move in batches; a poll every 1.5 s shows progress without loading the server.
export const TRANSLATION_POLL_MS = 1500;

export const isAnyInProgress = (translations: readonly TranslationInfo[] | undefined): boolean =>
  translations?.some((translation) => translation.status === 'InProgress') ?? false;

/**
 * File translations, one cached list per monitor filter. Shared: the Files view starts them, the
 * Translations view lists them.
 */
export const translationQueries = {
  all: ['translations'] as const,
  lists: () => [...translationQueries.all, 'list'] as const,
  list: (filters: TranslationListFilters = {}) =>
    queryOptions({
      queryKey: [...translationQueries.lists(), filters] as const,
      queryFn: () => getBridge().translations.list(filters),
      // Poll while any runs, then stop; a start invalidates the lists and polling begins again.
      refetchInterval: (query) => (isAnyInProgress(query.state.data) ? TRANSLATION_POLL_MS : false),
    }),
};
