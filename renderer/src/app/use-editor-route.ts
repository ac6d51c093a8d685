import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { hashSearch } from '../stores/navigation-store';
import { routeHref } from './routes';
import { formatEditorRoute, parseEditorRoute, type EditorRoute } from './editor-route';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const getSearch = () => hashSearch(window.location.hash);

/** The address of the editor for a project (and a document): what "Open in editor" follows. */
export function editorHref(route: EditorRoute): string {
  return routeHref('editor', formatEditorRoute(route));
}

/**
 * The open project and document, kept in the address (`#/editor?project=3&document=7`) so they
 * survive a reload and a visit to another view. Opening a document pushes a history entry, so
 * Back returns to the document list.
 */
export function useEditorRoute(): [EditorRoute, (patch: Partial<EditorRoute>) => void] {
  const search = useSyncExternalStore(subscribe, getSearch);
  const route = useMemo(() => parseEditorRoute(search), [search]);
  const setRoute = useCallback((patch: Partial<EditorRoute>) => {
    window.location.hash = editorHref({ ...parseEditorRoute(getSearch()), ...patch });
  }, []);
  return [route, setRoute];
}
