import { queryOptions } from '@tanstack/react-query';
import type { Project, ProjectListQuery } from '../../../shared/api/projects';
import { getBridge } from '../bridge';

/** While a listed document pretranslates, the list is read again this often (its rows say so). */
export const PRETRANSLATING_POLL_MS = 3000;

/** Whether any document of the listed projects is still being pretranslated on the server. */
export const isAnyPretranslating = (projects: readonly Project[] | undefined): boolean =>
  projects?.some((project) => project.document.some((document) => document.is_pretranslating)) ??
  false;

/** Projects with their documents, one cached list per set of filters. */
export const projectQueries = {
  all: ['projects'] as const,
  lists: () => [...projectQueries.all, 'list'] as const,
  list: (filters: ProjectListQuery = {}) =>
    queryOptions({
      queryKey: [...projectQueries.lists(), filters] as const,
      queryFn: () => getBridge().projects.list(filters),
      // "pretranslating…" on a document row ends when the server finishes, without a reload.
      refetchInterval: (query) =>
        isAnyPretranslating(query.state.data) ? PRETRANSLATING_POLL_MS : false,
    }),
};
