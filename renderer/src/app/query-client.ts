import { QueryClient } from '@tanstack/react-query';
import { toIpcError } from '../bridge/ipc-errors';

declare module '@tanstack/react-query' {
  interface Register {
    // Bridge calls reject with a plain IpcError object, not an Error: make callers check.
    defaultError: unknown;
  }
}

const TRANSIENT = new Set(['network', 'timeout', 'server']);

/** Retrying helps only when the failure may go away by itself; a bad key or input will not. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && TRANSIENT.has(toIpcError(error).code);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
