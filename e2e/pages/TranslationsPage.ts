import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell';
import { attribute } from './page-helpers';

/** A file to drop with its exact bytes (a DOCX is binary). */
export interface BinaryFile {
  name: string;
  bytes: Uint8Array;
}

/** What the binary drop touches in the page (the e2e code compiles without the DOM library). */
interface DropGlobals {
  document: { querySelector(selector: string): { dispatchEvent(event: unknown): boolean } | null };
  DataTransfer: new () => { items: { add(file: unknown): unknown } };
  File: new (parts: unknown[], name: string) => unknown;
  DragEvent: new (
    type: string,
    init: { bubbles: boolean; cancelable: boolean; dataTransfer: unknown },
  ) => unknown;
  atob(data: string): string;
}

/**
 * File translation: "Drop to translate" and Translate… in the Files view, and the Translations
 * view with its filters, progress, statuses and downloads.
 */
export class TranslationsPage {
  readonly shell: AppShell;
  readonly view: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly notice: Locator;
  readonly statusFilter: Locator;
  readonly periodFilter: Locator;
  readonly dropZone: Locator;
  readonly dropMemory: Locator;
  readonly translateSelected: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.view = page.getByTestId('view-translations');
    this.rows = page.getByTestId('translation-row');
    this.empty = page.getByTestId('translations-empty');
    this.notice = page.getByTestId('translations-notice');
    this.statusFilter = page.getByTestId('translations-status-filter');
    this.periodFilter = page.getByTestId('translations-period-filter');
    this.dropZone = page.getByTestId('translate-drop-zone');
    this.dropMemory = page.getByTestId('drop-translate-memory');
    this.translateSelected = page.getByTestId('translate-selected');
    this.dialog = page.getByTestId('translate-dialog');
  }

  async open(): Promise<void> {
    await this.shell.goTo('translations');
  }

  row(fileName: string): Locator {
    return this.page.locator(
      `[data-testid="translation-row"]${attribute('data-file-name', fileName)}`,
    );
  }

  /** Drops files on "Drop to translate" (the Files view must be open), with their exact bytes. */
  async dropToTranslate(memoryLabel: string, files: readonly BinaryFile[]): Promise<void> {
    await expect(this.dropZone).toBeVisible();
    await this.dropMemory.selectOption({ label: memoryLabel });
    const specs = files.map((file) => ({
      name: file.name,
      base64: Buffer.from(file.bytes).toString('base64'),
    }));
    const isDropped = await this.page.evaluate((specs) => {
      const g = globalThis as unknown as DropGlobals;
      const zone = g.document.querySelector('[data-testid="translate-drop-zone"]');
      if (!zone) return false;
      const data = new g.DataTransfer();
      for (const spec of specs) {
        const bytes = Uint8Array.from(g.atob(spec.base64), (c) => c.charCodeAt(0));
        data.items.add(new g.File([bytes], spec.name));
      }
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(
          new g.DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }),
        );
      }
      return true;
    }, specs);
    expect(isDropped, 'the Drop to translate zone is in the page').toBe(true);
  }

  /** Waits until the translation has left InProgress; fails with the reason when it failed. */
  async expectReady(fileName: string, timeout = 60_000): Promise<Locator> {
    const row = this.row(fileName);
    await expect(row).toBeVisible();
    await expect(row).not.toHaveAttribute('data-status', 'InProgress', { timeout });
    const status = await row.getAttribute('data-status');
    const reason = await row.getByTestId('translation-error').allInnerTexts();
    expect(status, `${fileName} failed: ${reason.join(' ')}`).toMatch(
      /^(ReadyForDownload|Completed)$/,
    );
    await expect(row.getByTestId('translation-progress')).toHaveAttribute('aria-valuenow', '100');
    return row;
  }

  /** Downloads a ready translation the browser's way and answers the download. */
  async download(fileName: string): Promise<Download> {
    const downloading = this.page.waitForEvent('download');
    await this.row(fileName).getByTestId('translation-download').click();
    return downloading;
  }
}
