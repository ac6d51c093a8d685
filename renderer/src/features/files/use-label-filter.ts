import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { routeHref } from '../../app/routes';
import { hashSearch } from '../../stores/navigation-store';
import { formatLabelFilter, parseLabelFilter } from './labels';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

function getSearch(): string {
  return hashSearch(window.location.hash);
}

/**
 * The labels the file list is filtered by, kept in the address (`#/files?labels=legal,draft`) so
 * they survive a reload and a visit to another view. Changing them replaces the address.
 */
export function useLabelFilter(): [string[], (next: string[]) => void] {
  const search = useSyncExternalStore(subscribe, getSearch);
  const labels = useMemo(() => parseLabelFilter(search), [search]);
  const setLabels = useCallback((next: string[]) => {
    window.history.replaceState(
      window.history.state,
      '',
      routeHref('files', formatLabelFilter(next)),
    );
    // replaceState is silent; tell the hash's listeners (the router, this hook, the sidebar).
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, []);
  return [labels, setLabels];
}
