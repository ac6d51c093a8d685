import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell';

/** The Create view (terms, generate form, the live text, saved contents) and its Settings section. */
export class CreatePage {
  readonly shell: AppShell;
  readonly view: Locator;
  readonly stream: Locator;
  readonly progress: Locator;
  readonly stop: Locator;
  readonly contentText: Locator;
  readonly contentMeta: Locator;
  readonly save: Locator;
  readonly engineCurrent: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.view = page.getByTestId('view-create');
    this.stream = page.getByTestId('create-stream');
    this.progress = page.getByTestId('create-progress');
    this.stop = page.getByTestId('create-stop');
    this.contentText = page.getByTestId('create-content-text');
    this.contentMeta = page.getByTestId('create-content-meta');
    this.save = page.getByTestId('create-save');
    this.engineCurrent = page.getByTestId('create-engine-current');
  }

  async open(): Promise<void> {
    await this.shell.goTo('create');
  }

  async signTerms(): Promise<void> {
    await expect(this.page.getByTestId('create-terms-text')).toContainText('responsible');
    await this.page.getByTestId('create-terms-agree').check();
    await this.page.getByTestId('create-terms-sign').click();
    await expect(this.page.getByTestId('create-terms-signed')).toBeVisible();
  }

  /** In Settings: the embedded engine on a model file, saved (the model loads then). */
  async setEmbeddedEngine(modelPath: string): Promise<void> {
    await this.shell.goTo('settings');
    await this.page.getByTestId('create-engine-kind-llama').check();
    await this.page.getByTestId('create-engine-path').fill(modelPath);
    await this.page.getByTestId('create-engine-save').click();
    await expect(this.engineCurrent).toContainText(`the model file ${modelPath}`);
  }

  /** In Settings: Test, which writes a few words with the engine as saved. */
  async testEngine(): Promise<string> {
    await this.page.getByTestId('create-engine-test').click();
    const result = this.page.getByTestId('create-engine-test-result');
    await expect(result).toBeVisible();
    return (await result.innerText()).replace('The engine answered', '').trim();
  }

  async fill(fields: { name: string; summary: string; words: number }): Promise<void> {
    await this.page.getByTestId('create-name').fill(fields.name);
    await this.page.getByTestId('create-summary').fill(fields.summary);
    await this.page.getByTestId('create-length').fill(String(fields.words));
  }

  async generate(): Promise<void> {
    await this.page.getByTestId('create-generate').click();
  }

  /** The words in the live text so far. */
  async streamedWords(): Promise<number> {
    const text = await this.stream.innerText();
    return text.split(/\s+/).filter(Boolean).length;
  }

  async translateIntoNewProject(name: string, language: string): Promise<void> {
    await this.page.getByTestId('create-translate').click();
    const dialog = this.page.getByTestId('create-translate-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('create-translate-project').selectOption('new');
    await dialog.getByTestId('create-translate-name').fill(name);
    await dialog.getByTestId('create-translate-language').selectOption(language);
    await dialog.getByTestId('create-translate-ok').click();
  }
}
