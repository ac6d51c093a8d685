import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookResponse } from '../../../../../shared/api/webhooks';
import { createQueryClient } from '../../../app/query-client';
import { installTestBridge } from '../../../test-bridge';
import { answerBy, sampleDelivery, sampleWebhook } from './sample-webhooks';
import { WebhookPage } from './WebhookPage';

const invoke = installTestBridge();

function renderPage(
  webhook: WebhookResponse,
  logs: WebhookDelivery[][],
  more: Record<string, unknown> = {},
) {
  // Each read of the log answers the next of `logs`, then the last one again.
  let reads = 0;
  invoke.mockImplementation(
    answerBy({
      'webhooks:get': webhook,
      'webhooks:deliveries': () => logs[Math.min(reads++, logs.length - 1)],
      ...more,
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WebhookPage id={webhook.id} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = (channel: string) => invoke.mock.calls.filter(([name]) => name === channel);

beforeEach(() => {
  invoke.mockReset();
  window.location.hash = '#/settings?webhook=3';
});

describe("a webhook's page", () => {
  it('shows the delivery log in words and redelivers a delivery', async () => {
    const failed = sampleDelivery({
      id: 11,
      eventType: 'PROJECT_DELIVER',
      state: 'failed',
      attempts: 12,
      lastStatus: null,
      lastError: 'connection refused',
      lastDurationMs: 1500,
    });
    const retried = sampleDelivery({
      attempts: 2,
      attemptLog: [
        {
          id: 2,
          attemptedAt: '2026-11-27T05:00:05.000Z',
          status: 200,
          durationMs: 42,
          error: null,
          nextAttemptAt: null,
        },
        {
          id: 1,
          attemptedAt: '2026-11-27T05:00:00.000Z',
          status: 503,
          durationMs: 80,
          error: 'the receiver answered 503',
          nextAttemptAt: '2026-11-27T05:00:05.000Z',
        },
      ],
    });
    const user = renderPage(sampleWebhook(), [[failed, retried]], {
      'webhooks:redeliver': sampleDelivery({ id: 12, state: 'pending', attempts: 0 }),
    });
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    within(rows[0]!).getByRole('rowheader', { name: 'Project delivered' });
    expect(cells(rows[0]!).slice(0, 5)).toEqual([
      'Failed',
      'No answer',
      '1.5 s',
      '12 attempts',
      'connection refused',
    ]);
    expect(cells(rows[1]!).slice(0, 3)).toEqual(['Delivered', '200', '42 ms']);
    const attempts = within(rows[1]!).getByTestId('delivery-attempts');
    within(attempts).getByText('2 attempts');
    const tries = within(attempts).getAllByRole('listitem');
    expect(tries[1]!.textContent).toContain('503, 80 ms, the receiver answered 503; next try');

    await user.click(
      within(rows[0]!).getByRole('button', { name: /^Redeliver Project delivered/ }),
    );
    await waitFor(() => expect(calls('webhooks:redeliver')).toHaveLength(1));
    expect(calls('webhooks:redeliver')[0]![1]).toEqual({ id: 3, deliveryId: 11 });
  });

  it('reads the log and the webhook again while a delivery is pending, until it ends', async () => {
    const pending = sampleDelivery({
      state: 'pending',
      attempts: 1,
      lastStatus: 503,
      nextAttemptAt: '2026-11-27T05:00:10.000Z',
    });
    // The webhook is failing until its delivery gets through.
    const failing = sampleWebhook({ failingSince: '2026-11-27T05:00:00.000Z' });
    let isThrough = false;
    renderPage(failing, [[pending], [sampleDelivery()]], {
      'webhooks:get': () => (isThrough ? sampleWebhook() : failing),
    });
    const row = await screen.findByTestId('delivery-row');
    expect(row.getAttribute('data-state')).toBe('pending');
    await waitFor(() =>
      expect(screen.getByTestId('webhook-state').textContent).toMatch(/^Failing since /),
    );
    isThrough = true;
    screen.getByText('Deliveries are pending: this log refreshes by itself until they end.');
    await waitFor(() =>
      expect(screen.getByTestId('delivery-row').getAttribute('data-state')).toBe('delivered'),
    );
    expect(screen.getByTestId('delivery-log-status').textContent).toBe('');
    // Read again with the log: no longer failing.
    await waitFor(() => expect(screen.getByTestId('webhook-state').textContent).toBe('Enabled'));
  });

  it('says why a webhook is disabled and enables it again', async () => {
    const disabled = sampleWebhook({
      enabled: false,
      disabledReason: 'Every attempt failed for 5 days: connection refused.',
    });
    const user = renderPage(disabled, [[]], {
      'webhooks:update': sampleWebhook(),
      'webhooks:list': [sampleWebhook()],
    });
    const notice = await screen.findByTestId('webhook-disabled');
    within(notice).getByText('Every attempt failed for 5 days: connection refused.');
    expect(screen.getByRole('button', { name: 'Send test event' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(notice).getByRole('button', { name: 'Enable again' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-disabled')).toBeNull());
    expect(calls('webhooks:update')[0]![1]).toEqual({ id: 3, enabled: true });
    expect(screen.getByTestId('webhook-state').textContent).toBe('Enabled');
  });

  it('sends a test event, edits only what changed, and asks before deleting', async () => {
    const user = renderPage(sampleWebhook(), [[]], {
      'webhooks:test': sampleDelivery({ id: 13, eventType: 'WEBHOOK_TEST', state: 'pending' }),
      'webhooks:update': (input: unknown) => ({ ...sampleWebhook(), ...(input as object) }),
      'webhooks:list': [],
      'webhooks:delete': { id: 3 },
    });
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    await screen.findByText('Test event queued: its delivery shows in the log below.');
    expect(calls('webhooks:test')[0]![1]).toEqual({ id: 3 });

    await user.click(screen.getByRole('button', { name: 'Edit…' }));
    const edit = screen.getByRole('dialog', { name: 'Edit “CMS”' });
    const name = within(edit).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Website');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('webhooks:update')[0]![1]).toEqual({ id: 3, webhookName: 'Website' });
    await screen.findByRole('heading', { name: 'Website', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete “Website”?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls('webhooks:delete')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    await user.click(screen.getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(window.location.hash).toBe('#/settings'));
    expect(calls('webhooks:delete')[0]![1]).toEqual({ id: 3 });
  });

  it('rotates the secret after asking, and shows the new one once', async () => {
    const secret = 'whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LTQ1Ng==';
    const user = renderPage(sampleWebhook(), [[]], {
      'webhooks:rotate-secret': { ...sampleWebhook(), secret },
    });
    await user.click(await screen.findByRole('button', { name: 'Rotate secret…' }));
    const ask = screen.getByRole('dialog', { name: 'Rotate the secret of “CMS”?' });
    await user.click(within(ask).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New secret' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveProperty(
      'value',
      secret,
    );
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(document.body.textContent).not.toContain(secret);
  });
});
