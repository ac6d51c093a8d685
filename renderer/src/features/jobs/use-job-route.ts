import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { routeHref } from '../../app/routes';
import { hashSearch } from '../../stores/navigation-store';
import { formatJobRoute, parseJobRoute, type JobRoute } from './job-route';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const getSearch = () => hashSearch(window.location.hash);

/** The address of a job's page (or of the list, with `jobId` null). */
export function jobHref(route: JobRoute): string {
  return routeHref('jobs', formatJobRoute(route));
}

/**
 * The open job and the list's filter, kept in the address (`#/jobs?job=3`) so they survive a
 * reload. Opening a job pushes a history entry, so Back returns to the list.
 */
export function useJobRoute(): [JobRoute, (patch: Partial<JobRoute>) => void] {
  const search = useSyncExternalStore(subscribe, getSearch);
  const route = useMemo(() => parseJobRoute(search), [search]);
  const setRoute = useCallback((patch: Partial<JobRoute>) => {
    window.location.hash = jobHref({ ...parseJobRoute(getSearch()), ...patch });
  }, []);
  return [route, setRoute];
}
