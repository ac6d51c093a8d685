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

/** How long a start has taken, once it is long enough to be worth saying: " 3 s". */
function startedFor(since: number | undefined, now: number): string {
  const seconds = since === undefined ? 0 : Math.floor((now - since) / 1000);
  return seconds >= 1 ? ` ${seconds} s` : '';
}

/** What a starting embedded server last said it is doing, for the indicator's tooltip. */
export function describeStartStep(state: ConnectionState): string | undefined {
  const { embedded } = state;
  if (state.mode !== 'embedded' || embedded.state !== 'starting' || !embedded.step) return;
  return `Starting: ${embedded.step}`;
}

/**
 * The header's one-line summary of where API calls go. `now` ticks while the embedded server
 * starts, so a slow start is seen counting, not stuck.
 */
export function describeConnection(
  state: ConnectionState,
  now = Date.now(),
): { text: string; tone: ConnectionTone } {
  // Red within about 2 s of the server no longer answering (the host probes it every second).
  const isUnreachable = state.reachability?.state === 'unreachable';
  if (state.mode === 'embedded') {
    const { embedded } = state;
    if (embedded.state === 'failed') return { text: 'Embedded server · failed', tone: 'error' };
    // A start with a message is a restart after the server stopped by itself: unreachable meanwhile.
    if (embedded.state === 'starting' && embedded.message)
      return { text: 'Embedded server · restarting', tone: 'error' };
    if (embedded.state === 'starting')
      return {
        text: `Embedded server · starting…${startedFor(embedded.since, now)}`,
        tone: 'pending',
      };
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
