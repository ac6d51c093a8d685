import { QueryClient } from '@tanstack/react-query';
import type { ConnectionState } from '../../../shared/ipc/settings';
import { isTransientError } from '../bridge/ipc-errors';
import { settingsQueries } from '../queries/settings';

declare module '@tanstack/react-query' {
  interface Register {
    // Bridge calls reject with a plain IpcError object, not an Error: make callers check.
    defaultError: unknown;
  }
}

export function createQueryClient(): QueryClient {
  // Retrying helps only when the failure may go away by itself; a bad key or input will not.
  // While the host's probe says the server cannot be reached, the failure shows at once: the
  // host pushes the change when the server answers again, and every query is asked again then.
  const shouldRetry = (failureCount: number, error: unknown): boolean => {
    const connection = queryClient.getQueryData<ConnectionState>(
      settingsQueries.connection().queryKey,
    );
    if (connection?.reachability?.state === 'unreachable') return false;
    return failureCount < 2 && isTransientError(error);
  };
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
