import type { AppInfo } from '../../../shared/ipc/settings';
import { routeHref, routes, type RouteId } from './routes';

interface SidebarProps {
  current: RouteId;
  info: AppInfo | undefined;
}

export function Sidebar({ current, info }: SidebarProps) {
  return (
    <aside className="sidebar">
      <div className="brand">Wordbench</div>
      <nav aria-label="Main">
        <ul className="nav-list">
          {routes.map((route) => (
            <li key={route.id}>
              <a
                className="nav-link"
                href={routeHref(route.id)}
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
