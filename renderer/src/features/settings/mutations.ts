import { useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type { ConnectionInput, ConnectionState } from '../../../../shared/ipc/settings';
import { announceServerSwitch, serverIdentity } from '../../app/server-switch';
import { getBridge } from '../../bridge';
import { appQueries, settingsQueries } from '../../queries/settings';

/** Queries about this app and its settings; every other query asks the connected server. */
const LOCAL_QUERY_ROOTS: readonly unknown[] = [appQueries.all[0], settingsQueries.all[0]];

/**
 * A new connection state means a different server or key (or the embedded server has just come
 * up), so everything asked of the server must be asked again: languages, projects, memories.
 */
export function applyConnectionState(queryClient: QueryClient, state: ConnectionState): void {
  const key = settingsQueries.connection().queryKey;
  const previous = queryClient.getQueryData<ConnectionState>(key);
  queryClient.setQueryData(key, state);
  const fromServer = {
    predicate: (query: Query) => !LOCAL_QUERY_ROOTS.includes(query.queryKey[0]),
  };
  // Another server: its predecessor's answers and errors mean nothing here, so they go (a
  // reset), not only asked again. The embedded server restarting on a new port is the same one.
  if (previous && serverIdentity(previous) !== serverIdentity(state)) {
    void queryClient.resetQueries(fromServer);
    announceServerSwitch();
  } else if (state.reachability?.state === 'unreachable' && state.reachability.isSlow) {
    // Only slow so far (it answered before): the badge says so, and what was asked keeps
    // waiting for its answer rather than being dropped and asked again of the same server.
    return;
  } else if (isNewlyUnreachable(previous, state)) {
    // A first load still waiting on the silent server would wait out the gateway's timeout (a
    // refetch joins it): drop it, so the next call fails at once with the probe's reason.
    void queryClient
      .cancelQueries(fromServer)
      .then(() => queryClient.invalidateQueries(fromServer));
  } else {
    void queryClient.invalidateQueries(fromServer);
  }
}

function isNewlyUnreachable(previous: ConnectionState | undefined, state: ConnectionState) {
  return (
    state.reachability?.state === 'unreachable' && previous?.reachability?.state !== 'unreachable'
  );
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
