import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell';
import { attribute, dropFiles, type DroppedFile } from './page-helpers';

/** A file to drop: its text, or `size` bytes generated in the page (for large uploads). */
export type { DroppedFile };

/** The Files view: drop zone, uploads with their progress, label filter and the file table. */
export class FilesPage {
  readonly shell: AppShell;
  readonly view: Locator;
  readonly dropZone: Locator;
  readonly filePicker: Locator;
  readonly detectLanguage: Locator;
  readonly category: Locator;
  readonly uploadRows: Locator;
  readonly clearFinishedUploads: Locator;
  readonly fileList: Locator;
  readonly fileRows: Locator;
  readonly empty: Locator;
  readonly labelFilters: Locator;
  readonly labelFilterClear: Locator;
  readonly alert: Locator;
  readonly confirmDelete: Locator;
  readonly confirmDeleteOk: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.view = page.getByTestId('view-files');
    this.dropZone = page.getByTestId('drop-zone');
    this.filePicker = page.getByTestId('file-picker');
    this.detectLanguage = page.getByTestId('detect-language');
    this.category = page.getByTestId('upload-category');
    this.uploadRows = page.getByTestId('upload-row');
    this.clearFinishedUploads = page.getByTestId('uploads-clear-finished');
    this.fileList = page.getByTestId('file-list');
    this.fileRows = page.getByTestId('file-row');
    this.empty = page.getByTestId('files-empty');
    this.labelFilters = page.getByTestId('label-filter');
    this.labelFilterClear = page.getByTestId('label-filter-clear');
    this.alert = page.getByTestId('files-alert');
    this.confirmDelete = page.getByTestId('confirm-delete-file');
    this.confirmDeleteOk = page.getByTestId('confirm-delete-file-ok');
  }

  async open(): Promise<void> {
    await this.shell.goTo('files');
  }

  uploadRow(name: string): Locator {
    return this.page.locator(`[data-testid="upload-row"]${attribute('data-upload-name', name)}`);
  }

  fileRow(name: string): Locator {
    return this.page.locator(`[data-testid="file-row"]${attribute('data-file-name', name)}`);
  }

  labelFilter(label: string): Locator {
    return this.page.locator(`[data-testid="label-filter"]${attribute('data-label', label)}`);
  }

  /**
   * Drops files on the drop zone as a person would: dragenter, dragover and drop carrying a
   * DataTransfer with the files (Chromium accepts a synthetic one).
   */
  async dropFiles(files: readonly DroppedFile[]): Promise<void> {
    await expect(this.dropZone).toBeVisible();
    await dropFiles(this.page, 'drop-zone', files, 'text/plain');
  }

  /**
   * Slows the page's uploads to `bytesPerSecond` (Chromium's network emulation) so that a running
   * upload can be watched and cancelled on loopback. Returns the function that lifts the limit.
   */
  async throttleUploads(bytesPerSecond: number): Promise<() => Promise<void>> {
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('Network.enable');
    const emulate = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await emulate(bytesPerSecond);
    return async () => {
      await emulate(-1);
      await cdp.detach();
    };
  }

  async expectUploadDone(name: string): Promise<void> {
    const row = this.uploadRow(name);
    await expect(row).toHaveAttribute('data-state', 'done');
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(row.getByTestId('upload-bytes')).toContainText('stored');
  }

  /** Types a label into a file's row and waits for its chip. */
  async addLabel(fileName: string, label: string): Promise<void> {
    const row = this.fileRow(fileName);
    await row.getByTestId('label-input').fill(label);
    await row.getByTestId('label-input').press('Enter');
    await expect(row.getByTestId('label-chip').filter({ hasText: label })).toBeVisible();
    await expect(row.getByTestId('label-input')).toHaveValue('');
  }

  async fileNames(): Promise<string[]> {
    const names = await this.fileRows.evaluateAll((rows) =>
      rows.map(
        (row) => (row as unknown as { dataset: { fileName?: string } }).dataset.fileName ?? '',
      ),
    );
    return names.sort();
  }

  async deleteFile(name: string): Promise<void> {
    await this.fileRow(name).getByTestId('file-delete').click();
    await expect(this.confirmDelete).toBeVisible();
    await expect(this.confirmDelete).toContainText(name);
    await this.confirmDeleteOk.click();
    await expect(this.confirmDelete).toBeHidden();
    await expect(this.fileRow(name)).toHaveCount(0);
  }
}
