import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell';

/** The Settings view: connection, API key, connection test and languages. */
export class SettingsPage {
  readonly shell: AppShell;
  readonly view: Locator;
  readonly modeEmbedded: Locator;
  readonly modeRemote: Locator;
  readonly baseUrl: Locator;
  readonly commentsBaseUrl: Locator;
  readonly trustedAuthorities: Locator;
  readonly saveConnection: Locator;
  readonly connectionSaved: Locator;
  readonly embeddedServerStatus: Locator;
  readonly apiKeyStatus: Locator;
  readonly vaultStatus: Locator;
  readonly apiKeyInput: Locator;
  readonly apiKeySave: Locator;
  readonly apiKeySaved: Locator;
  readonly apiKeyClear: Locator;
  readonly apiKeyClearConfirm: Locator;
  readonly testConnection: Locator;
  readonly testConnectionResult: Locator;
  readonly languages: Locator;
  readonly languagePairs: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.view = page.getByTestId('view-settings');
    this.modeEmbedded = page.getByTestId('connection-mode-embedded');
    this.modeRemote = page.getByTestId('connection-mode-remote');
    this.baseUrl = page.getByTestId('connection-base-url');
    this.commentsBaseUrl = page.getByTestId('connection-comments-base-url');
    this.trustedAuthorities = page.getByTestId('connection-ca');
    this.saveConnection = page.getByTestId('connection-save');
    this.connectionSaved = page.getByTestId('connection-saved');
    this.embeddedServerStatus = page.getByTestId('embedded-server-status');
    this.apiKeyStatus = page.getByTestId('api-key-status');
    this.vaultStatus = page.getByTestId('vault-status');
    this.apiKeyInput = page.getByTestId('api-key-input');
    this.apiKeySave = page.getByTestId('api-key-save');
    this.apiKeySaved = page.getByTestId('api-key-saved');
    this.apiKeyClear = page.getByTestId('api-key-clear');
    this.apiKeyClearConfirm = page.getByTestId('api-key-clear-confirm');
    this.testConnection = page.getByTestId('test-connection');
    this.testConnectionResult = page.getByTestId('test-connection-result');
    this.languages = page.getByTestId('languages');
    this.languagePairs = page.getByTestId('language-pair');
  }

  async open(): Promise<void> {
    await this.shell.goTo('settings');
  }

  /** Points the app at a hosted service and waits until the change is saved. */
  async connectToHosted(baseUrl: string): Promise<void> {
    await this.modeRemote.check();
    await this.baseUrl.fill(baseUrl);
    await this.saveConnection.click();
    await expect(this.connectionSaved).toBeVisible();
  }

  async setApiKey(key: string): Promise<void> {
    await this.apiKeyInput.fill(key);
    await this.apiKeySave.click();
    await expect(this.apiKeySaved).toBeVisible();
  }
}
