import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../../shared/ipc/settings';
import { onServerSwitch } from '../../app/server-switch';
import { settingsQueries } from '../../queries/settings';
import { applyConnectionState } from './mutations';

const embedded = {
  mode: 'embedded',
  baseUrl: 'http://127.0.0.1:4000',
  embedded: { state: 'running', url: 'http://127.0.0.1:4000' },
} as ConnectionState;
const remote = {
  ...embedded,
  mode: 'remote',
  baseUrl: 'https://tms.example.com',
} as ConnectionState;

let queryClient: QueryClient;
afterEach(() => queryClient.clear());

/** A client holding the connection and a failed project list, as after a refused call. */
function withFailedList(connection: ConnectionState): QueryClient {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(settingsQueries.connection().queryKey, connection);
  const query = queryClient
    .getQueryCache()
    .build(queryClient, { queryKey: ['projects', 'list'], queryFn: () => new Promise(() => {}) });
  query.setState({ status: 'error', error: { code: 'network', message: 'Cannot reach it.' } });
  return queryClient;
}

const listState = () => queryClient.getQueryState(['projects', 'list']);

describe('applyConnectionState', () => {
  it('clears the previous server’s errors and alerts when calls go to another server', () => {
    withFailedList(embedded);
    let switches = 0;
    const stop = onServerSwitch(() => (switches += 1));
    applyConnectionState(queryClient, remote);
    stop();
    expect(listState()?.error).toBeNull();
    expect(listState()?.status).toBe('pending');
    expect(switches).toBe(1);
  });

  it('asks the same server again (a restart on a new port), keeping what it said meanwhile', () => {
    withFailedList(embedded);
    let switches = 0;
    const stop = onServerSwitch(() => (switches += 1));
    applyConnectionState(queryClient, { ...embedded, baseUrl: 'http://127.0.0.1:4001' });
    stop();
    expect(listState()?.isInvalidated).toBe(true);
    expect(listState()?.error).not.toBeNull();
    expect(switches).toBe(0);
  });
});
