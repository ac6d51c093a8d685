import type { ConnectionState } from '../../../shared/ipc/settings';

/** Which server calls go to, whatever its current port (the embedded one restarts on a new one). */
export function serverIdentity(state: Pick<ConnectionState, 'mode' | 'baseUrl'>): string {
  return state.mode === 'embedded' ? 'embedded' : `remote ${state.baseUrl ?? ''}`;
}

const listeners = new Set<() => void>();

/**
 * Calls `listener` when calls start going to another server: what a feature keeps about the
 * previous one (a refusal shown until dismissed) means nothing any more. Returns the unsubscribe.
 */
export function onServerSwitch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Said by whoever applies a new connection state, when its server differs from the last one. */
export function announceServerSwitch(): void {
  for (const listener of [...listeners]) listener();
}
