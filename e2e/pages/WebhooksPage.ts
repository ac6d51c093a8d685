import { expect, type Locator, type Page } from '@playwright/test';
import type { WebhookEventType } from '../../shared/api/webhooks';
import { AppShell } from './AppShell';

export interface NewWebhook {
  name: string;
  url: string;
  /** The events to check; the form starts with PROJECT_UPDATE checked, which is cleared first. */
  events: WebhookEventType[];
}

/** Settings > Webhooks: the list, the create dialog, the secret shown once, a webhook's page. */
export class WebhooksPage {
  readonly shell: AppShell;
  readonly section: Locator;
  readonly rows: Locator;
  readonly newWebhook: Locator;
  readonly form: Locator;
  readonly secretDialog: Locator;
  readonly title: Locator;
  readonly state: Locator;
  readonly log: Locator;
  readonly deliveries: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.section = page.getByTestId('webhooks');
    this.rows = page.getByTestId('webhook-row');
    this.newWebhook = page.getByTestId('webhook-new');
    this.form = page.getByTestId('webhook-form-dialog');
    this.secretDialog = page.getByTestId('webhook-secret-dialog');
    this.title = page.getByTestId('webhook-title');
    this.state = page.getByTestId('webhook-state');
    this.log = page.getByTestId('delivery-log');
    this.deliveries = page.getByTestId('delivery-row');
  }

  async open(): Promise<void> {
    await this.shell.goTo('settings');
    await expect(this.section).toBeVisible();
  }

  /** Creates a webhook and answers its secret, read from the dialog that shows it once. */
  async create(webhook: NewWebhook): Promise<string> {
    await this.newWebhook.click();
    await expect(this.form).toBeVisible();
    await this.form.getByTestId('webhook-name').fill(webhook.name);
    await this.form.getByTestId('webhook-url').fill(webhook.url);
    for (const box of await this.form.getByRole('checkbox').all()) await box.uncheck();
    for (const type of webhook.events) {
      await this.form.getByTestId(`webhook-event-${type}`).check();
    }
    await this.form.getByTestId('webhook-form-save').click();
    await expect(this.form).toHaveCount(0);
    await expect(this.secretDialog).toBeVisible();
    await expect(this.secretDialog.getByTestId('webhook-secret-warning')).toContainText(
      'you will not see it again',
    );
    return this.secretDialog.getByTestId('webhook-secret').inputValue();
  }

  async closeSecret(): Promise<void> {
    await this.secretDialog.getByTestId('webhook-secret-done').click();
    await expect(this.secretDialog).toHaveCount(0);
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Opens a webhook's page from the list. */
  async openWebhook(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name, exact: true }).click();
    await expect(this.title).toHaveText(name);
    await expect(this.log).toBeVisible();
  }

  /** The log's rows for one event, as the log names it ("Project changed", "Test event"). */
  delivery(eventLabel: string): Locator {
    return this.deliveries.filter({
      has: this.page.getByTestId('delivery-event').getByText(eventLabel, { exact: true }),
    });
  }
}
