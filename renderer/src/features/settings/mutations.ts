import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConnectionInput, ConnectionState } from '../../../../shared/ipc/settings';
import { getBridge } from '../../bridge';
import { languageQueries, settingsQueries } from './queries';

/** A new connection state means a different server or key, so what it offers must be asked again. */
export function applyConnectionState(queryClient: QueryClient, state: ConnectionState): void {
  queryClient.setQueryData(settingsQueries.connection().queryKey, state);
  void queryClient.invalidateQueries({ queryKey: languageQueries.all });
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
