import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConnectionInput, ConnectionState } from '../../../../shared/ipc/settings';
import { getBridge } from '../../bridge';
import { appQueries, settingsQueries } from '../../queries/settings';

/** Queries about this app and its settings; every other query asks the connected server. */
const LOCAL_QUERY_ROOTS: readonly unknown[] = [appQueries.all[0], settingsQueries.all[0]];

/**
 * A new connection state means a different server or key (or the embedded server has just come
 * up), so everything asked of the server must be asked again: languages, projects, memories.
 */
export function applyConnectionState(queryClient: QueryClient, state: ConnectionState): void {
  queryClient.setQueryData(settingsQueries.connection().queryKey, state);
  void queryClient.invalidateQueries({
    predicate: (query) => !LOCAL_QUERY_ROOTS.includes(query.queryKey[0]),
  });
}

export function useSetConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectionInput) => getBridge().settings.setConnection(input),
    onSuccess: (state) => applyConnectionState(queryClient, state),
  });
}

export function useSetApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => getBridge().settings.setApiKey({ key }),
    onSuccess: (state) => applyConnectionState(queryClient, state),
    // The typed key is the mutation's variables: do not keep it in the cache once settled.
    gcTime: 0,
  });
}

export function useClearApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getBridge().settings.clearApiKey(),
    onSuccess: (state) => applyConnectionState(queryClient, state),
  });
}

/** Asks the connected server for a sign of life; nothing cached changes. */
export function useTestConnection() {
  return useMutation({
    mutationFn: () => getBridge().settings.testConnection(),
  });
}
