import { create } from 'zustand';
import { parseRoute, type RouteId } from '../app/routes';

/** The query part (`pair=en-es&state=done`) of a hash like `#/board?pair=en-es&state=done`. */
export function hashSearch(hash: string): string {
  const at = hash.indexOf('?');
  return at < 0 ? '' : hash.slice(at + 1);
}

interface NavigationStore {
  /** The last query each view had, so the sidebar brings a view back as it was left. */
  searchByRoute: Partial<Record<RouteId, string>>;
}

function current(): Pick<NavigationStore, 'searchByRoute'> {
  const { hash } = window.location;
  return { searchByRoute: { [parseRoute(hash)]: hashSearch(hash) } };
}

export const useNavigationStore = create<NavigationStore>()(() => current());

window.addEventListener('hashchange', () => {
  const { hash } = window.location;
  useNavigationStore.setState(({ searchByRoute }) => ({
    searchByRoute: { ...searchByRoute, [parseRoute(hash)]: hashSearch(hash) },
  }));
});
