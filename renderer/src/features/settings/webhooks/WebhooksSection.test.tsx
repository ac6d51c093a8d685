import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WebhookResponse } from '../../../../../shared/api/webhooks';
import { createQueryClient } from '../../../app/query-client';
import { installTestBridge } from '../../../test-bridge';
import { answerBy, sampleWebhook } from './sample-webhooks';
import { WebhooksSection } from './WebhooksSection';

const invoke = installTestBridge();
const SECRET = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtMTIz';

function renderSection(webhooks: WebhookResponse[]) {
  const stored = [...webhooks];
  invoke.mockImplementation(
    answerBy({
      'webhooks:list': () => [...stored],
      'webhooks:create': (input: unknown) => {
        const fields = input as Pick<WebhookResponse, 'webhookName' | 'webhookUrl' | 'eventType'>;
        const created = sampleWebhook({ id: 9, ...fields });
        stored.push(created);
        return { ...created, secret: SECRET };
      },
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WebhooksSection />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = (channel: string) => invoke.mock.calls.filter(([name]) => name === channel);

beforeEach(() => {
  invoke.mockReset();
});

describe('the webhooks section', () => {
  it('lists webhooks with their events and their state in words', async () => {
    renderSection([
      sampleWebhook(),
      sampleWebhook({
        id: 4,
        webhookName: 'Billing',
        eventType: ['JOB_DELIVER'],
        enabled: false,
        disabledReason: 'Every attempt failed for 5 days.',
      }),
    ]);
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows).toHaveLength(2);
    within(rows[0]!).getByText('Project changed, Project delivered');
    within(rows[0]!).getByText('Enabled');
    within(rows[1]!).getByText('Disabled: Every attempt failed for 5 days.');
    const link = within(rows[1]!).getByRole('link', { name: 'Billing' });
    expect(link.getAttribute('href')).toBe('#/settings?webhook=4');
  });

  it('says what is wrong in words and focuses the first wrong field', async () => {
    const user = renderSection([]);
    await screen.findByText('No webhooks yet');
    await user.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'New webhook' });
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Project changed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    within(dialog).getByText('Give the webhook a name.');
    within(dialog).getByText('Give the address the events are sent to.');
    within(dialog).getByText('Choose at least one event to send.');
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Name' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'CMS');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Address (URL)' }),
      'ftp://example.com/in',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    within(dialog).getByText('The address must start with http:// or https://.');
    const url = within(dialog).getByRole('textbox', { name: 'Address (URL)' });
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(url);
    expect(calls('webhooks:create')).toEqual([]);
  });

  it('creates a webhook and shows its secret once, with a copy button', async () => {
    const user = renderSection([]);
    await screen.findByText('No webhooks yet');
    await user.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'New webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' CMS ');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Address (URL)' }),
      'https://cms.example.com/hooks',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /Job delivered/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));

    const secret = await screen.findByRole('dialog', { name: 'Webhook created' });
    expect(calls('webhooks:create')[0]![1]).toEqual({
      webhookName: 'CMS',
      webhookUrl: 'https://cms.example.com/hooks',
      eventType: ['PROJECT_UPDATE', 'JOB_DELIVER'],
    });
    within(secret).getByText(/you will not see it again/);
    const field = within(secret).getByRole('textbox', { name: 'Signing secret' });
    expect((field as HTMLInputElement).value).toBe(SECRET);
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    await within(secret).findByText('Copied to the clipboard.');
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    const row = await screen.findByTestId('webhook-row');
    within(row).getByText('Project changed, Job delivered');
  });

  it('says why when the server refuses the webhook', async () => {
    const user = renderSection([]);
    invoke.mockImplementation(
      answerBy({
        'webhooks:list': [],
        'webhooks:create': () => {
          throw { code: 'bad-request', status: 400, message: 'webhookUrl must be http or https.' };
        },
      }),
    );
    await screen.findByText('No webhooks yet');
    await user.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'New webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'CMS');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Address (URL)' }),
      'http://127.0.0.1:1/x',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    const error = await within(dialog).findByTestId('webhook-form-error');
    expect(error.textContent).toContain('The webhook was not created');
    expect(error.textContent).toContain('webhookUrl must be http or https.');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Webhook created' })).toBeNull(),
    );
  });
});
