import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { routeHref } from '../../app/routes';
import { hashSearch } from '../../stores/navigation-store';
import { formatBoardSearch, parseBoardFilters, type BoardFilters } from './board-filters';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

function getSearch(): string {
  return hashSearch(window.location.hash);
}

/**
 * The board's filters, kept in the address (`#/board?pair=en-es&archived=1`) so they survive a
 * reload and a visit to another view. Changing them replaces the address: no history entry per
 * keystroke in a date field.
 */
export function useBoardFilters(): [BoardFilters, (next: BoardFilters) => void] {
  const search = useSyncExternalStore(subscribe, getSearch);
  const filters = useMemo(() => parseBoardFilters(search), [search]);
  const setFilters = useCallback((next: BoardFilters) => {
    window.history.replaceState(
      window.history.state,
      '',
      routeHref('board', formatBoardSearch(next)),
    );
    // replaceState is silent; tell the hash's listeners (the router, this hook, the sidebar).
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, []);
  return [filters, setFilters];
}
