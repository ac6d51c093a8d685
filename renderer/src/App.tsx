import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppShell } from './AppShell';
import { FatalError } from './app/FatalError';
import { createQueryClient } from './app/query-client';
import { ConnectionSyncProvider } from './features/settings/ConnectionSyncProvider';
import { appQueries } from './queries/settings';

function AppRoot() {
  const info = useQuery(appQueries.info());
  if (info.isError) return <FatalError error={info.error} onRetry={() => void info.refetch()} />;
  return <AppShell info={info.data} />;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConnectionSyncProvider>
        <AppRoot />
      </ConnectionSyncProvider>
    </QueryClientProvider>
  );
}
