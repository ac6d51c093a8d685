import { queryOptions } from '@tanstack/react-query';
import type { ProjectListQuery } from '../../../shared/api/projects';
import { getBridge } from '../bridge';

/** Projects with their documents, one cached list per set of filters. */
export const projectQueries = {
  all: ['projects'] as const,
  lists: () => [...projectQueries.all, 'list'] as const,
  list: (filters: ProjectListQuery = {}) =>
    queryOptions({
      queryKey: [...projectQueries.lists(), filters] as const,
      queryFn: () => getBridge().projects.list(filters),
    }),
};
