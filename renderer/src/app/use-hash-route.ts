import { useSyncExternalStore } from 'react';
import { parseRoute, type RouteId } from './routes';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

function getHash(): string {
  return window.location.hash;
}

/** The current view, read from the address hash (`#/settings`). */
export function useHashRoute(): RouteId {
  return parseRoute(useSyncExternalStore(subscribe, getHash));
}
