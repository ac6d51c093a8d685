import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { routeHref } from '../../app/routes';
import { hashSearch } from '../../stores/navigation-store';
import { formatMemoryRoute, parseMemoryRoute, type MemoryRoute } from './memory-route';

export type { MemoryRoute, MemoryTab } from './memory-route';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const getSearch = () => hashSearch(window.location.hash);

/**
 * The open memory and tab, kept in the address (`#/memories?memory=3&tab=terms`) so they survive
 * a reload and a visit to another view. Changing them replaces the address.
 */
export function useMemoryRoute(): [MemoryRoute, (patch: Partial<MemoryRoute>) => void] {
  const search = useSyncExternalStore(subscribe, getSearch);
  const route = useMemo(() => parseMemoryRoute(search), [search]);
  const setRoute = useCallback((patch: Partial<MemoryRoute>) => {
    const next = { ...parseMemoryRoute(getSearch()), ...patch };
    window.history.replaceState(
      window.history.state,
      '',
      routeHref('memories', formatMemoryRoute(next)),
    );
    // replaceState is silent; tell the hash's listeners (the router, this hook, the sidebar).
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, []);
  return [route, setRoute];
}
