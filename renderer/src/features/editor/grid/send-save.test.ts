import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import type { Segment, SegmentUpdateParameters } from '../../../../../shared/api/segments';
import type { IpcError } from '../../../../../shared/ipc/errors';
import type { ConnectionState } from '../../../../../shared/ipc/settings';
import { useEditorStore } from '../editor-store';
import { editorQueries } from '../queries';
import { pendingSaves, saveSegment } from './segment-saves';
import { sendSave } from './send-save';
import { retryTiming, useWaitingSaves } from './waiting-saves';

const SEGMENT = { id: 1, index: 0, source: 'The rent.', target: '', revision: 1 } as Segment;
const DOWN: IpcError = { code: 'network', message: 'Cannot reach the server.' };

/** What the server does with the next save: answer it, refuse it, or be unreachable. */
let server: 'up' | 'down' | IpcError = 'up';
let mode: ConnectionState['mode'] = 'embedded';
const sent: SegmentUpdateParameters[] = [];
const pushListeners = new Set<(state: ConnectionState) => void>();
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const defaultTiming = { ...retryTiming };
// Files share a worker's modules (vitest.config.ts): the next one gets the real timing back.
afterAll(() => void Object.assign(retryTiming, defaultTiming));

beforeAll(() => {
  retryTiming.firstMs = 5;
  retryTiming.maxMs = 20;
  vi.stubGlobal('window', {
    wordbench: {
      segments: {
        update: async (input: SegmentUpdateParameters) => {
          if (server === 'down') throw DOWN;
          if (server !== 'up') throw server;
          sent.push(input);
          return { ...SEGMENT, target: input.target, is_confirmed: input.is_confirmed !== false };
        },
      },
      settings: {
        getConnection: async () => ({ mode, baseUrl: mode === 'remote' ? 'https://b' : null }),
      },
      on: (_event: string, listener: (state: ConnectionState) => void) => {
        pushListeners.add(listener);
        return () => pushListeners.delete(listener);
      },
    },
  });
});

beforeEach(() => {
  server = 'up';
  mode = 'embedded';
  sent.length = 0;
  useWaitingSaves.setState({ saves: [] });
  useEditorStore.setState({ drafts: {}, qaBySegment: {}, lastQa: null, alert: null });
});

afterEach(() => {
  retryTiming.maxMs = 20;
});

/**
 * Waits until `check` holds, giving the retries time to run. No deadline: the test's timeout is
 * the hang guard (vitest.config.ts).
 */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('sendSave', () => {
  it('keeps a save while the server is unreachable and sends it once it is back', async () => {
    server = 'down';
    const saved = sendSave(9, { id: 1, target: 'El alquiler.', is_confirmed: true });
    await until(() => useWaitingSaves.getState().saves.length === 1);
    expect(useWaitingSaves.getState().saves[0]).toMatchObject({
      documentId: 9,
      connection: 'embedded',
      input: { id: 1, target: 'El alquiler.' },
    });
    server = 'up';
    await expect(saved).resolves.toMatchObject({ target: 'El alquiler.', is_confirmed: true });
    expect(useWaitingSaves.getState().saves).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('sends at once when the host says the server is running again', async () => {
    retryTiming.maxMs = 60_000;
    server = 'down';
    const saved = sendSave(9, { id: 1, target: 'Uno.', is_confirmed: true });
    // Past the first pauses, the next one is long: only the push can cut it short.
    await until(() => useWaitingSaves.getState().saves.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    server = 'up';
    for (const listener of pushListeners) {
      listener({ mode: 'embedded', embedded: { state: 'running', url: 'x' } } as ConnectionState);
    }
    await expect(saved).resolves.toMatchObject({ target: 'Uno.' });
  });

  it('gives up, in words, on a refusal that sending again cannot fix', async () => {
    server = 'down';
    const saved = sendSave(9, { id: 1, target: 'Dos.', is_confirmed: true });
    await until(() => useWaitingSaves.getState().saves.length === 1);
    server = { code: 'conflict', status: 409, message: 'The segment changed meanwhile.' };
    await expect(saved).rejects.toMatchObject({ status: 409 });
    expect(useWaitingSaves.getState().saves).toEqual([]);
  });

  it('sends waiting saves one at a time, in the order they were made', async () => {
    server = 'down';
    const first = sendSave(9, { id: 1, target: 'Primero.', is_confirmed: true });
    await until(() => useWaitingSaves.getState().saves.length === 1);
    // Made while another waits: queued behind it, not sent ahead of it.
    const second = sendSave(9, { id: 2, target: 'Segundo.', is_confirmed: true });
    const third = sendSave(9, { id: 3, target: 'Tercero.', is_confirmed: false });
    await until(() => useWaitingSaves.getState().saves.length === 3);
    server = 'up';
    await Promise.all([first, second, third]);
    expect(sent.map((input) => input.target)).toEqual(['Primero.', 'Segundo.', 'Tercero.']);
    expect(useWaitingSaves.getState().saves).toEqual([]);
  });

  it('never sends a waiting save to another server after a connection switch', async () => {
    server = 'down';
    const saved = sendSave(9, { id: 1, target: 'Tres.', is_confirmed: true });
    await until(() => useWaitingSaves.getState().saves.length === 1);
    mode = 'remote';
    server = 'up';
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sent).toEqual([]);
    mode = 'embedded';
    await expect(saved).resolves.toMatchObject({ target: 'Tres.' });
  });
});

describe('a confirm while the server is down', () => {
  it('stays pending (the editor moves on) and lands in the document once sent', async () => {
    const queryClient = new QueryClient();
    const key = editorQueries.document(9).queryKey;
    queryClient.setQueryData(key, { id: 9, segments: [SEGMENT] } as DocumentWithSegments);
    server = 'down';
    saveSegment(queryClient, 9, { id: 1, target: 'Cuatro.', is_confirmed: true });
    await until(() => useWaitingSaves.getState().saves.length === 1);
    expect(pendingSaves(queryClient, 9)).toMatchObject([{ target: 'Cuatro.' }]);
    expect(useEditorStore.getState().alert).toBeNull();
    server = 'up';
    await until(() => pendingSaves(queryClient, 9).length === 0);
    await flush();
    const segment = queryClient.getQueryData<DocumentWithSegments>(key)?.segments[0];
    expect(segment).toMatchObject({ target: 'Cuatro.', is_confirmed: true });
    queryClient.clear();
  });
});
