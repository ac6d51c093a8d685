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
  /**
   * Whether the terms were signed from this app. The API has no way to read it back: it starts
   * unknown (null) and a generation refused with 403 sets it false again.
   */
  terms: () =>
    queryOptions({
      queryKey: [...createQueries.all, 'terms'] as const,
      queryFn: (): boolean | null => null,
      staleTime: Infinity,
    }),
};
