import { queryOptions } from '@tanstack/react-query';
import { getBridge } from '../bridge';

/** The machine translation pairs the connected server offers, and the names of their languages. */
export const languageQueries = {
  all: ['languages'] as const,
  list: () =>
    queryOptions({
      queryKey: [...languageQueries.all, 'list'] as const,
      queryFn: () => getBridge().languages.list(),
    }),
};
