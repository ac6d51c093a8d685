import { queryOptions } from '@tanstack/react-query';
import type { Project, ProjectListQuery } from '../../../shared/api/projects';
import { getBridge } from '../bridge';

/** While a listed document pretranslates, the list is read again this often (its rows say so). */
export const PRETRANSLATING_POLL_MS = 3000;

/**
 * Where a team's changes should show without a reload (the board), the list is read again this
 * often while the window is in front: other people's moves and new projects. The server answers
 * an unchanged list from its cache (server/http/answer-cache.ts), so the look is cheap.
 */
export const FOLLOW_OTHERS_POLL_MS = 15_000;

/** Whether any document of the listed projects is still being pretranslated on the server. */
export const isAnyPretranslating = (projects: readonly Project[] | undefined): boolean =>
  projects?.some((project) => project.document.some((document) => document.is_pretranslating)) ??
  false;

/** How often a list is read again: while pretranslating, else when following others, else never. */
export function projectListInterval(
  projects: readonly Project[] | undefined,
  followOthers: boolean,
): number | false {
  if (isAnyPretranslating(projects)) return PRETRANSLATING_POLL_MS;
  return followOthers ? FOLLOW_OTHERS_POLL_MS : false;
}

/**
 * Projects with their documents, one cached list per set of filters. `followOthers`: the list is
 * also read again every FOLLOW_OTHERS_POLL_MS, for views where a team's changes should show.
 */
export const projectQueries = {
  all: ['projects'] as const,
  lists: () => [...projectQueries.all, 'list'] as const,
  list: (filters: ProjectListQuery = {}, { followOthers = false } = {}) =>
    queryOptions({
      queryKey: [...projectQueries.lists(), filters] as const,
      queryFn: () => getBridge().projects.list(filters),
      // "pretranslating…" on a document row ends when the server finishes, without a reload.
      refetchInterval: (query) => projectListInterval(query.state.data, followOthers),
    }),
};
