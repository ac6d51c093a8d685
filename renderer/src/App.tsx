import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { AppShell } from './AppShell';
import { FatalError } from './app/FatalError';
import { ConnectionSyncProvider } from './features/settings/ConnectionSyncProvider';
import { appQueries } from './queries/settings';

function AppRoot() {
  const info = useQuery(appQueries.info());
  if (info.isError) return <FatalError error={info.error} onRetry={() => void info.refetch()} />;
  return <AppShell info={info.data} />;
}

/** The app over `queryClient`, made before the first render so reads can start before it. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionSyncProvider>
        <AppRoot />
      </ConnectionSyncProvider>
    </QueryClientProvider>
  );
}
