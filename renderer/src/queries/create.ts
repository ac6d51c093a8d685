import { queryOptions } from '@tanstack/react-query';
import { getBridge } from '../bridge';

/** Create: the saved contents, the organization's preferences, and the engine it generates with. */
export const createQueries = {
  all: ['create'] as const,
  list: () =>
    queryOptions({
      queryKey: [...createQueries.all, 'list'] as const,
      queryFn: () => getBridge().create.list(),
    }),
  preferences: () =>
    queryOptions({
      queryKey: [...createQueries.all, 'preferences'] as const,
      queryFn: () => getBridge().create.getPreferences(),
    }),
  engine: () =>
    queryOptions({
      queryKey: [...createQueries.all, 'engine'] as const,
      queryFn: () => getBridge().create.getEngine(),
    }),
  /** Whether the organization has signed the Create terms: read each time the view opens. */
  terms: () =>
    queryOptions({
      queryKey: [...createQueries.all, 'terms'] as const,
      queryFn: async () => (await getBridge().create.getTerms()).signedAgreement,
    }),
};
