import { useEffect, type ComponentType } from 'react';
import type { AppInfo } from '../../shared/ipc/settings';
import { BoardView } from './features/board/BoardView';
import { EditorView } from './features/editor/EditorView';
import { FilesView } from './features/files/FilesView';
import { MemoriesView } from './features/memories/MemoriesView';
import { SettingsView } from './features/settings/SettingsView';
import { TranslationsView } from './features/translations/TranslationsView';
import { AppReady } from './app/AppReady';
import { ConnectionIndicator } from './app/ConnectionIndicator';
import { routes, type RouteId } from './app/routes';
import { Sidebar } from './app/Sidebar';
import { useHashRoute } from './app/use-hash-route';

const views = {
  board: BoardView,
  files: FilesView,
  translations: TranslationsView,
  editor: EditorView,
  memories: MemoriesView,
  settings: SettingsView,
} satisfies Record<RouteId, ComponentType>;

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
          <View />
        </main>
      </div>
      {info ? <AppReady info={info} /> : null}
    </div>
  );
}
