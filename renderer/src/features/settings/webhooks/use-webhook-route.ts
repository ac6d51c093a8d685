import { useCallback, useSyncExternalStore } from 'react';
import { routeHref } from '../../../app/routes';
import { hashSearch } from '../../../stores/navigation-store';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const getSearch = () => hashSearch(window.location.hash);

/** `webhook=3` -> 3; anything else -> null (the list). */
export function parseWebhookId(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('webhook'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The address of a webhook's page in Settings, or of Settings itself with `id` null. */
export function webhookHref(id: number | null): string {
  return routeHref('settings', id === null ? '' : `webhook=${id}`);
}

/**
 * The webhook whose page is open (`#/settings?webhook=3`), kept in the address so it survives a
 * reload; opening one pushes a history entry, so Back returns to Settings.
 */
export function useWebhookRoute(): [number | null, (id: number | null) => void] {
  const id = parseWebhookId(useSyncExternalStore(subscribe, getSearch));
  const open = useCallback((next: number | null) => {
    window.location.hash = webhookHref(next);
  }, []);
  return [id, open];
}
