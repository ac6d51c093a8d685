import type { ConnectionState } from '../../../shared/ipc/settings';

export type ConnectionTone = 'ok' | 'pending' | 'warning' | 'error';

/**
 * What happened to the embedded server, in the user's words, while it restarts or after it
 * failed; `details` holds the server's own last lines, never part of the headline.
 */
export function describeServerTrouble(
  state: ConnectionState,
): { headline: string; details?: string } | undefined {
  const { embedded } = state;
  if (state.mode === 'embedded') {
    if (embedded.state === 'starting' && embedded.message) return { headline: embedded.message };
    if (embedded.state === 'failed') {
      return { headline: embedded.message, details: embedded.details };
    }
  }
  // The host's health probe could not reach the server that calls go to.
  if (state.reachability?.state === 'unreachable') return { headline: state.reachability.message };
  return undefined;
}

/** The header's one-line summary of where API calls go. */
export function describeConnection(state: ConnectionState): { text: string; tone: ConnectionTone } {
  // Red within about 2 s of the server no longer answering (the host probes it every second).
  const isUnreachable = state.reachability?.state === 'unreachable';
  if (state.mode === 'embedded') {
    const { embedded } = state;
    if (embedded.state === 'failed') return { text: 'Embedded server · failed', tone: 'error' };
    // A start with a message is a restart after the server stopped by itself: unreachable meanwhile.
    if (embedded.state === 'starting' && embedded.message)
      return { text: 'Embedded server · restarting', tone: 'error' };
    if (embedded.state === 'starting')
      return { text: 'Embedded server · starting', tone: 'pending' };
    if (embedded.state === 'stopped') return { text: 'Embedded server · stopped', tone: 'warning' };
    if (isUnreachable) return { text: 'Embedded server · not answering', tone: 'error' };
    if (!state.hasApiKey) return { text: 'Embedded server · No API key', tone: 'warning' };
    return { text: 'Embedded server · running', tone: 'ok' };
  }
  const where = state.baseUrl ? `Remote · ${state.baseUrl}` : 'Remote · no address set';
  if (isUnreachable) return { text: `${where} · unreachable`, tone: 'error' };
  if (!state.hasApiKey) return { text: `${where} · No API key`, tone: 'warning' };
  return { text: where, tone: state.baseUrl ? 'ok' : 'warning' };
}
