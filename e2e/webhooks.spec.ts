import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { startReceiver, type Receiver } from '../server/webhooks/receiver-test-support';
import type { BrowserGlobals } from './browser-globals';
import { expect, test } from './fixtures';
import { BoardPage } from './pages/BoardPage';
import { WebhooksPage } from './pages/WebhooksPage';

const EN_ES = { name: 'Product docs', srclang: 'en', trglang: 'es' };

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver('/hooks/wordbench');
});
test.afterEach(() => receiver.close());

/** The Standard Webhooks signature worked out by hand: HMAC-SHA256 of `id.timestamp.body`. */
function signatureOf(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

test('a project moved to done reaches a webhook made in Settings, signed, and shows in its log', async ({
  page,
  webHost,
}) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await board.createProject({ name: 'Website launch', newMemory: EN_ES });

  const webhooks = new WebhooksPage(page);
  await webhooks.open();
  await expect(page.getByTestId('webhooks-empty')).toBeVisible();
  const secret = await webhooks.create({
    name: 'CMS',
    url: receiver.url,
    events: ['PROJECT_UPDATE'],
  });
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  await webhooks.closeSecret();
  // Shown once: the page keeps it nowhere, and the list does not carry it.
  await expect(page.locator('body')).not.toContainText(secret);
  await expect(webhooks.row('CMS')).toContainText('Project changed');
  await expect(webhooks.row('CMS')).toContainText('Enabled');

  await board.shell.goTo('board');
  await board.drag('Website launch', 'done');
  await expect(board.card('Website launch')).toHaveAttribute('data-state', 'done');

  await webhooks.open();
  await webhooks.openWebhook('CMS');
  const delivery = webhooks.delivery('Project changed');
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toHaveAttribute('data-state', 'delivered');
  await expect(delivery.getByTestId('delivery-state')).toHaveText('Delivered');
  await expect(delivery.getByTestId('delivery-status')).toHaveText('200');
  await expect(delivery.getByTestId('delivery-error')).toHaveText('–');

  // The receiver got one POST, signed with the secret shown at creation.
  await receiver.waitFor(1);
  expect(receiver.requests).toHaveLength(1);
  const request = receiver.requests[0]!;
  expect(request.method).toBe('POST');
  expect(request.path).toBe('/hooks/wordbench');
  expect(request.headers['content-type']).toMatch(/^application\/json/);
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  const payload = new Webhook(secret).verify(request.body, headers);
  expect(payload).toMatchObject({
    type: 'PROJECT_UPDATE',
    data: { name: 'Website launch', state: 'done' },
  });
  expect(headers['webhook-signature'].split(' ')).toContain(
    signatureOf(secret, headers['webhook-id'], headers['webhook-timestamp'], request.body),
  );

  // A test event from the page goes the same way, and its delivery joins the log.
  await page.getByTestId('webhook-test').click();
  const sent = webhooks.delivery('Test event');
  await expect(sent).toHaveAttribute('data-state', 'delivered');
  await expect(sent.getByTestId('delivery-status')).toHaveText('200');
  await receiver.waitFor(2);
  expect(receiver.types()).toEqual(['PROJECT_UPDATE', 'WEBHOOK_TEST']);
});

test('a webhook is made, enabled again and deleted from the keyboard', async ({
  page,
  webHost,
}) => {
  const webhooks = new WebhooksPage(page);
  await webhooks.shell.open(webHost.url);
  await webhooks.shell.expectConnected();
  await webhooks.open();
  const form = webhooks.form;

  await webhooks.newWebhook.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('webhook-name')).toBeFocused();
  await page.keyboard.type('Billing');
  await page.keyboard.press('Tab');
  await expect(form.getByTestId('webhook-url')).toBeFocused();
  await page.keyboard.type(receiver.url);
  // PROJECT_UPDATE starts checked: off with Space, then JOB_DELIVER on.
  await page.keyboard.press('Tab');
  await expect(form.getByTestId('webhook-event-PROJECT_UPDATE')).toBeFocused();
  await page.keyboard.press('Space');
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('Tab');
  await expect(form.getByTestId('webhook-event-JOB_DELIVER')).toBeFocused();
  await page.keyboard.press('Space');
  // Back to the address, where Enter sends the form.
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('Shift+Tab');
  await expect(form.getByTestId('webhook-url')).toBeFocused();
  await page.keyboard.press('Enter');

  // The secret has the focus, selected for Ctrl+C; then Copy, then the button that closes.
  await expect(webhooks.secretDialog.getByTestId('webhook-secret')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(webhooks.secretDialog.getByTestId('webhook-secret-copy')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(webhooks.secretDialog.getByTestId('webhook-secret-done')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(webhooks.secretDialog).toHaveCount(0);
  await expect(webhooks.newWebhook).toBeFocused();
  await expect(webhooks.row('Billing')).toContainText('Job delivered');
  await expect(webhooks.row('Billing')).not.toContainText('Project changed');

  // Turned off behind the page's back: its page says so and why, and turns it on again.
  await page.evaluate(async () => {
    const bridge = (globalThis as unknown as BrowserGlobals).wordbench;
    const [billing] = await bridge.webhooks.list();
    await bridge.webhooks.update({ id: billing!.id, enabled: false });
  });
  await webhooks.row('Billing').getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(webhooks.title).toHaveText('Billing');
  const disabled = page.getByTestId('webhook-disabled');
  await expect(disabled).toContainText('Nothing is sent to this webhook');
  await expect(webhooks.state).toContainText('Disabled');
  await expect(page.getByTestId('webhook-test')).toBeDisabled();
  await disabled.getByTestId('webhook-enable').focus();
  await page.keyboard.press('Enter');
  await expect(webhooks.state).toHaveText('Enabled');
  await expect(disabled).toHaveCount(0);

  // Delete asks first, with Cancel focused.
  await page.getByTestId('webhook-delete').focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('delete-webhook-dialog');
  await expect(confirm.getByTestId('delete-webhook-dialog-cancel')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByTestId('delete-webhook-dialog-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('webhooks-empty')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/settings');
});
