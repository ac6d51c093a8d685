import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import type { AppInfo } from '../../shared/ipc/settings';
import { AppReady } from './app/AppReady';
import { ConnectionIndicator } from './app/ConnectionIndicator';
import { ReadyNotifier } from './features/translations/ReadyNotifier';
import { routes, type RouteId } from './app/routes';
import { Sidebar } from './app/Sidebar';
import { useHashRoute } from './app/use-hash-route';
import { EditorView } from './features/editor/EditorView';

// Each view but the editor is its own chunk, loaded when first shown: a start parses and runs
// the shell and the editor only. The editor stays in the first chunk, so a document opened by the
// address renders as soon as its first page is in, without a second round of downloads.
const loaders = {
  board: () => import('./features/board/BoardView').then((m) => ({ default: m.BoardView })),
  files: () => import('./features/files/FilesView').then((m) => ({ default: m.FilesView })),
  jobs: () => import('./features/jobs/JobsView').then((m) => ({ default: m.JobsView })),
  create: () => import('./features/create/CreateView').then((m) => ({ default: m.CreateView })),
  translations: () =>
    import('./features/translations/TranslationsView').then((m) => ({
      default: m.TranslationsView,
    })),
  memories: () =>
    import('./features/memories/MemoriesView').then((m) => ({ default: m.MemoriesView })),
  settings: () =>
    import('./features/settings/SettingsView').then((m) => ({ default: m.SettingsView })),
} satisfies Record<Exclude<RouteId, 'editor'>, () => Promise<{ default: ComponentType }>>;

const views = {
  board: lazy(loaders.board),
  files: lazy(loaders.files),
  jobs: lazy(loaders.jobs),
  create: lazy(loaders.create),
  translations: lazy(loaders.translations),
  editor: EditorView,
  memories: lazy(loaders.memories),
  settings: lazy(loaders.settings),
} satisfies Record<RouteId, ComponentType>;

/** Starts loading a view's code before React asks for it (main.tsx, for the first view). */
export function preloadView(route: RouteId): void {
  if (route !== 'editor') void loaders[route]();
}

export function AppShell({ info }: { info: AppInfo | undefined }) {
  const route = useHashRoute();
  const View = views[route];
  const label = routes.find((r) => r.id === route)?.label ?? '';

  useEffect(() => {
    document.title = `${label} · Wordbench`;
  }, [label]);

  return (
    <div className="shell">
      <Sidebar current={route} info={info} />
      <div className="shell-main">
        <header className="topbar">
          <span className="topbar-title">{label}</span>
          <ConnectionIndicator />
        </header>
        <main className="content" id="main">
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <View />
          </Suspense>
        </main>
      </div>
      {info ? <AppReady info={info} /> : null}
      <ReadyNotifier />
    </div>
  );
}
