import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../shared/ipc/errors';
import type { ConnectionState } from '../../../shared/ipc/settings';
import { ConnectionIndicator } from './ConnectionIndicator';
import { createQueryClient } from './query-client';
import { installTestBridge } from '../test-bridge';

const invoke = installTestBridge();

function state(patch: Partial<ConnectionState>): ConnectionState {
  return {
    mode: 'embedded',
    baseUrl: null,
    commentsBaseUrl: null,
    caCertificates: null,
    hasApiKey: true,
    vault: { kind: 'encrypted' },
    embedded: { state: 'running', url: 'http://127.0.0.1:4000' },
    ...patch,
  };
}

function renderIndicator(answer: IpcResult<unknown>) {
  invoke.mockReset();
  invoke.mockImplementation((channel) =>
    channel === 'settings:get-connection'
      ? Promise.resolve(answer)
      : Promise.reject(new Error(`unexpected ${channel}`)),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectionIndicator />
    </QueryClientProvider>,
  );
  return screen.getByTestId('connection-status');
}

describe('ConnectionIndicator', () => {
  it('says it is checking until the state arrives, then links to Settings', async () => {
    const link = renderIndicator({ ok: true, value: state({}) });
    expect(link.textContent).toBe('Checking connection…');
    expect(link.dataset.tone).toBe('pending');
    await waitFor(() => expect(link.textContent).toBe('Embedded server · running'));
    expect(link.dataset.tone).toBe('ok');
    expect(link.getAttribute('href')).toContain('settings');
    expect(link.getAttribute('aria-live')).toBe('polite');
  });

  it('warns when no API key is set', async () => {
    const link = renderIndicator({ ok: true, value: state({ hasApiKey: false }) });
    await waitFor(() => expect(link.textContent).toBe('Embedded server · No API key'));
    expect(link.dataset.tone).toBe('warning');
  });

  it('announces a restart with the reason, read out as well as shown', async () => {
    const restarting = state({
      embedded: { state: 'starting', message: 'The server stopped; starting it again.' },
    });
    const link = renderIndicator({ ok: true, value: restarting });
    await waitFor(() =>
      expect(link.textContent).toBe(
        'Embedded server · restarting: The server stopped; starting it again.',
      ),
    );
    // The server cannot be reached while it restarts: red, not a mere warning.
    expect(link.dataset.tone).toBe('error');
    expect(link.title).toBe('The server stopped; starting it again.');
  });

  it('shows a failed server with its own last lines as details in the tooltip', async () => {
    const failed = state({
      embedded: {
        state: 'failed',
        message: 'The embedded server could not start.',
        details: 'Error: EADDRINUSE',
      },
    });
    const link = renderIndicator({ ok: true, value: failed });
    await waitFor(() => expect(link.dataset.tone).toBe('error'));
    expect(link.textContent).toBe('Embedded server · failed: The embedded server could not start.');
    expect(link.title).toBe('The embedded server could not start.\n\nDetails:\nError: EADDRINUSE');
  });

  it('names a remote service by its address', async () => {
    const remote = state({ mode: 'remote', baseUrl: 'https://tms.example.com' });
    const link = renderIndicator({ ok: true, value: remote });
    await waitFor(() => expect(link.textContent).toBe('Remote · https://tms.example.com'));
    expect(link.dataset.tone).toBe('ok');
  });

  it('turns red, with the reason, when the host’s probe cannot reach the service', async () => {
    const message = 'Cannot reach the server at https://tms.example.com: check the address.';
    const remote = state({
      mode: 'remote',
      baseUrl: 'https://tms.example.com',
      reachability: { state: 'unreachable', message },
    });
    const link = renderIndicator({ ok: true, value: remote });
    await waitFor(() => expect(link.dataset.tone).toBe('error'));
    expect(link.textContent).toBe(`Remote · https://tms.example.com · unreachable: ${message}`);
    expect(link.title).toBe(message);
  });

  it('says a running embedded server that stopped answering is not answering', async () => {
    const hung = state({ reachability: { state: 'unreachable', message: 'No answer in 1.5 s.' } });
    const link = renderIndicator({ ok: true, value: hung });
    await waitFor(() => expect(link.dataset.tone).toBe('error'));
    expect(link.textContent).toBe('Embedded server · not answering: No answer in 1.5 s.');
  });

  it('says the connection is unknown, with the reason, when the state cannot be read', async () => {
    const link = renderIndicator({
      ok: false,
      error: { code: 'internal', message: 'The settings file is damaged.' },
    });
    await waitFor(() => expect(link.textContent).toBe('Connection unknown'));
    expect(link.dataset.tone).toBe('error');
    expect(link.title).toBe('The settings file is damaged.');
  });

  it('counts the seconds of a slow start and tells its step', async () => {
    const since = Date.now() - 3_500;
    const starting = state({
      embedded: { state: 'starting', since, step: 'opening the database' },
    });
    const link = renderIndicator({ ok: true, value: starting });
    await waitFor(() => expect(link.textContent).toMatch(/^Embedded server · starting… [34] s$/));
    expect(link.dataset.tone).toBe('pending');
    expect(link.title).toBe('Starting: opening the database');
    // The count goes on while the state stays the same.
    await waitFor(() => expect(link.textContent).toMatch(/starting… [5-9] s$/), {
      timeout: 30_000,
    });
  });
});
