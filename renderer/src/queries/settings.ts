import { queryOptions } from '@tanstack/react-query';
import { getBridge } from '../bridge';

/** The app itself: version, host and platform. It does not change while the page is open. */
export const appQueries = {
  all: ['app'] as const,
  info: () =>
    queryOptions({
      queryKey: [...appQueries.all, 'info'] as const,
      queryFn: () => getBridge().app.getInfo(),
      staleTime: Infinity,
    }),
};

/** Where API calls go and what the renderer may know about the key (only whether one is set). */
export const settingsQueries = {
  all: ['settings'] as const,
  connection: () =>
    queryOptions({
      queryKey: [...settingsQueries.all, 'connection'] as const,
      queryFn: () => getBridge().settings.getConnection(),
    }),
};
