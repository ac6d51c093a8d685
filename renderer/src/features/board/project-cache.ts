import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Project, ProjectListQuery } from '../../../../shared/api/projects';
import { projectQueries } from '../../queries/projects';

/** What one cached project list held before an optimistic change. */
export type ListSnapshot = [QueryKey, Project[] | undefined][];

/** The filters a cached list was fetched with (the last part of its key). */
function queryOfKey(key: QueryKey): ProjectListQuery {
  const last = key[key.length - 1];
  return typeof last === 'object' && last !== null ? (last as ProjectListQuery) : {};
}

/** Whether the server would list the project for these filters (as `GET /v2/projects` does). */
export function matchesQuery(project: Project, query: ProjectListQuery): boolean {
  if (query.id !== undefined) {
    const ids = query.id.split(',').map((id) => Number(id.trim()));
    if (!ids.includes(project.id)) return false;
  }
  if (query.srclang !== undefined && project.srclang !== query.srclang) return false;
  if (query.trglang !== undefined && project.trglang !== query.trglang) return false;
  if (query.from_time !== undefined && project.created_at < query.from_time) return false;
  if (query.to_time !== undefined && project.created_at >= query.to_time) return false;
  if (query.state !== undefined && project.state !== query.state) return false;
  if (query.archived === false && project.archived) return false;
  return true;
}

/**
 * Applies a change to one project in every cached list, dropping it from lists whose filters it
 * no longer matches (archiving it hides it where archived projects are hidden). Returns what the
 * lists held before, for `rollBackProject`.
 */
export function patchProjectInLists(
  queryClient: QueryClient,
  id: number,
  patch: Partial<Project>,
): ListSnapshot {
  const snapshot = queryClient.getQueriesData<Project[]>({ queryKey: projectQueries.lists() });
  for (const [key, list] of snapshot) {
    if (!list?.some((project) => project.id === id)) continue;
    const query = queryOfKey(key);
    const next = list.flatMap((project) => {
      if (project.id !== id) return [project];
      const changed = { ...project, ...patch };
      return matchesQuery(changed, query) ? [changed] : [];
    });
    queryClient.setQueryData<Project[]>(key, next);
  }
  return snapshot;
}

/**
 * Puts one project back as it was in each list, at its old place, leaving every other project as
 * it is now (another move may have landed meanwhile).
 */
export function rollBackProject(queryClient: QueryClient, id: number, snapshot: ListSnapshot) {
  for (const [key, before] of snapshot) {
    const old = before?.find((project) => project.id === id);
    queryClient.setQueryData<Project[]>(key, (current) => {
      if (!current) return current;
      const rest = current.filter((project) => project.id !== id);
      if (!old || !before) return rest;
      // Insert before the project that followed it, or at the end.
      const oldIndex = before.indexOf(old);
      const follower = before.slice(oldIndex + 1).find((p) => rest.some((r) => r.id === p.id));
      const at = follower ? rest.findIndex((p) => p.id === follower.id) : rest.length;
      return [...rest.slice(0, at), old, ...rest.slice(at)];
    });
  }
}

/** Removes a deleted project from every cached list at once. */
export function removeProjectFromLists(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<Project[]>({ queryKey: projectQueries.lists() }, (list) =>
    list?.filter((project) => project.id !== id),
  );
}

/** Adds a new project to every cached list whose filters it matches. */
export function addProjectToLists(queryClient: QueryClient, project: Project): void {
  for (const [key, list] of queryClient.getQueriesData<Project[]>({
    queryKey: projectQueries.lists(),
  })) {
    if (!list || list.some((p) => p.id === project.id)) continue;
    if (matchesQuery(project, queryOfKey(key))) queryClient.setQueryData(key, [...list, project]);
  }
}
