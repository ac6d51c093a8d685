export const routes = [
  { id: 'board', label: 'Board' },
  { id: 'files', label: 'Files' },
  { id: 'jobs', label: 'Jobs' },
  { id: 'create', label: 'Create' },
  { id: 'translations', label: 'Translations' },
  { id: 'editor', label: 'Editor' },
  { id: 'memories', label: 'Memories' },
  { id: 'settings', label: 'Settings' },
] as const;

export type RouteId = (typeof routes)[number]['id'];

export const DEFAULT_ROUTE: RouteId = 'board';

/** `#/board`, or `#/board?state=done` with a query (the view's own filters). */
export function routeHref(id: RouteId, search = ''): string {
  return search ? `#/${id}?${search}` : `#/${id}`;
}

/** `#/files` -> 'files'; anything unknown (or no hash) -> the board. */
export function parseRoute(hash: string): RouteId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  return routes.find((route) => route.id === id)?.id ?? DEFAULT_ROUTE;
}
