import type { AppInfo } from '../../../shared/ipc/settings';
import { useNavigationStore } from '../stores/navigation-store';
import { routeHref, routes, type RouteId } from './routes';

interface SidebarProps {
  current: RouteId;
  info: AppInfo | undefined;
}

export function Sidebar({ current, info }: SidebarProps) {
  // A view's filters live in its address; the link brings them back after a visit elsewhere.
  const searchByRoute = useNavigationStore((state) => state.searchByRoute);
  return (
    <aside className="sidebar">
      <div className="brand">Wordbench</div>
      <nav aria-label="Main">
        <ul className="nav-list">
          {routes.map((route) => (
            <li key={route.id}>
              <a
                className="nav-link"
                href={routeHref(route.id, searchByRoute[route.id])}
                aria-current={route.id === current ? 'page' : undefined}
                data-testid={`nav-${route.id}`}
              >
                {route.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {info ? (
        <p className="sidebar-footer">
          Version {info.version} · {info.host === 'web' ? 'browser' : 'desktop'}
        </p>
      ) : null}
    </aside>
  );
}
