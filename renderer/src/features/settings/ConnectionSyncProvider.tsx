import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { getBridge } from '../../bridge';
import { applyConnectionState } from './mutations';

/**
 * Keeps the connection query in step with the host: the main process (or web host) pushes
 * `connection:changed` when the embedded server starts or fails, or when settings change elsewhere.
 */
export function ConnectionSyncProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(
    () => getBridge().on('connection:changed', (state) => applyConnectionState(queryClient, state)),
    [queryClient],
  );
  return children;
}
