import type { ConnectionState } from '../../../shared/ipc/settings';

export type ConnectionTone = 'ok' | 'pending' | 'warning' | 'error';

/** The header's one-line summary of where API calls go. */
export function describeConnection(state: ConnectionState): { text: string; tone: ConnectionTone } {
  if (state.mode === 'embedded') {
    const { embedded } = state;
    if (embedded.state === 'failed') return { text: 'Embedded server · failed', tone: 'error' };
    if (embedded.state === 'starting')
      return { text: 'Embedded server · starting', tone: 'pending' };
    if (embedded.state === 'stopped') return { text: 'Embedded server · stopped', tone: 'warning' };
    if (!state.hasApiKey) return { text: 'Embedded server · No API key', tone: 'warning' };
    return { text: 'Embedded server · running', tone: 'ok' };
  }
  const where = state.baseUrl ? `Remote · ${state.baseUrl}` : 'Remote · no address set';
  if (!state.hasApiKey) return { text: `${where} · No API key`, tone: 'warning' };
  return { text: where, tone: state.baseUrl ? 'ok' : 'warning' };
}
