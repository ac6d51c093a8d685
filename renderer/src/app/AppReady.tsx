import { useEffect } from 'react';
import type { AppInfo } from '../../../shared/ipc/settings';

/** The marker tests wait on: the host has answered, so the bridge works. */
export function AppReady({ info }: { info: AppInfo }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
    return () => {
      delete document.documentElement.dataset.appReady;
    };
  }, []);
  return (
    <span className="visually-hidden" data-testid="app-ready">
      Wordbench {info.version} is ready.
    </span>
  );
}
