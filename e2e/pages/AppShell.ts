import { expect, type Locator, type Page } from '@playwright/test';

export const VIEWS = [
  { id: 'board', label: 'Board' },
  { id: 'files', label: 'Files' },
  { id: 'jobs', label: 'Jobs' },
  { id: 'create', label: 'Create' },
  { id: 'translations', label: 'Translations' },
  { id: 'editor', label: 'Editor' },
  { id: 'memories', label: 'Memories' },
  { id: 'settings', label: 'Settings' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

/** The frame around every view: sidebar navigation, header and the app-ready marker. */
export class AppShell {
  readonly connectionStatus: Locator;
  readonly appReady: Locator;
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.connectionStatus = page.getByTestId('connection-status');
    this.appReady = page.getByTestId('app-ready');
    this.nav = page.getByRole('navigation', { name: 'Main' });
  }

  /** Opens the address the web host printed and waits until the app has heard from its host. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.waitUntilReady();
  }

  async waitUntilReady(): Promise<void> {
    await expect(this.appReady).toBeAttached();
    await expect(this.page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  }

  navLink(id: ViewId): Locator {
    return this.page.getByTestId(`nav-${id}`);
  }

  view(id: ViewId): Locator {
    return this.page.getByTestId(`view-${id}`);
  }

  async goTo(id: ViewId): Promise<void> {
    await this.navLink(id).click();
    await expect(this.view(id)).toBeVisible();
  }

  /**
   * The connection is up: the header's badge is green (the embedded server running, or a hosted
   * service with a key that its probe did not find unreachable). Tests wait on it before calls.
   */
  async expectConnected(): Promise<void> {
    await expect(this.connectionStatus).toHaveAttribute('data-tone', 'ok');
  }

  /** The same, and the calls go to the app's own embedded server. */
  async expectEmbeddedRunning(): Promise<void> {
    await expect(this.connectionStatus).toHaveText('Embedded server · running');
  }
}
