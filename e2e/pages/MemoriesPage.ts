import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell';
import { attribute, dropFiles } from './page-helpers';

const TM_FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'tm');

/** A file to drop: its name and text. */
export interface TmFile {
  name: string;
  text: string;
}

/** One of the samples in `e2e/fixtures/tm/`, read as text. */
export function tmFixture(name: string): TmFile {
  return { name, text: readFileSync(path.join(TM_FIXTURES, name), 'utf8') };
}

export interface NewMemory {
  name: string;
  srclang: string;
  trglang: string;
}

/** The Memories view: the list, a memory's details, imports, the fuzzy search and the terms. */
export class MemoriesPage {
  readonly shell: AppShell;
  readonly view: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly newMemory: Locator;
  readonly createDialog: Locator;
  readonly detail: Locator;
  readonly dropZone: Locator;
  readonly importPicker: Locator;
  readonly importRows: Locator;
  readonly exportButton: Locator;
  readonly renameButton: Locator;
  readonly deleteButton: Locator;
  readonly confirmDelete: Locator;
  readonly search: Locator;
  readonly matches: Locator;
  readonly noMatch: Locator;
  readonly confirmDeleteUnit: Locator;
  readonly termsTab: Locator;
  readonly termRows: Locator;
  readonly termsEmpty: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.view = page.getByTestId('view-memories');
    this.list = page.getByTestId('memory-list');
    this.rows = page.getByTestId('memory-row');
    this.empty = page.getByTestId('memories-empty');
    this.newMemory = page.getByTestId('new-memory');
    this.createDialog = page.getByTestId('create-memory-dialog');
    this.detail = page.getByTestId('memory-detail');
    this.dropZone = page.getByTestId('memory-drop-zone');
    this.importPicker = page.getByTestId('memory-import-picker');
    this.importRows = page.getByTestId('memory-import-row');
    this.exportButton = page.getByTestId('memory-export');
    this.renameButton = page.getByTestId('memory-rename');
    this.deleteButton = page.getByTestId('memory-delete');
    this.confirmDelete = page.getByTestId('confirm-delete-memory');
    this.search = page.getByTestId('tm-search');
    this.matches = page.getByTestId('tm-match');
    this.noMatch = page.getByTestId('tm-no-match');
    this.confirmDeleteUnit = page.getByTestId('confirm-delete-unit');
    this.termsTab = page.getByTestId('memory-terms');
    this.termRows = page.getByTestId('term-row');
    this.termsEmpty = page.getByTestId('terms-empty');
    this.notice = page.getByTestId('memories-notice');
  }

  async open(): Promise<void> {
    await this.shell.goTo('memories');
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="memory-row"]${attribute('data-memory-name', name)}`);
  }

  importRow(name: string): Locator {
    return this.page.locator(
      `[data-testid="memory-import-row"]${attribute('data-import-name', name)}`,
    );
  }

  /** The unit count the memory's row shows, as a number. */
  async unitCount(name: string): Promise<number> {
    const text = await this.row(name).getByTestId('memory-unit-count').innerText();
    return Number(text.replace(/[^\d]/g, ''));
  }

  async expectUnitCount(name: string, count: number): Promise<void> {
    await expect(this.row(name).getByTestId('memory-unit-count')).toHaveText(
      count === 1 ? '1 unit' : `${count.toLocaleString('en-US')} units`,
    );
  }

  async createMemory(memory: NewMemory): Promise<void> {
    await this.newMemory.click();
    await expect(this.createDialog).toBeVisible();
    await this.createDialog.getByTestId('create-memory-name').fill(memory.name);
    await this.createDialog.getByTestId('create-memory-srclang').selectOption(memory.srclang);
    await this.createDialog.getByTestId('create-memory-trglang').selectOption(memory.trglang);
    await this.createDialog.getByTestId('create-memory-submit').click();
    await expect(this.createDialog).toBeHidden();
    await expect(this.row(memory.name)).toBeVisible();
  }

  async select(name: string): Promise<void> {
    await this.row(name).getByRole('button').click();
    await expect(this.detail.getByTestId('memory-detail-name')).toHaveText(name);
  }

  /**
   * Drops files on the memory's drop zone as a person would: dragenter, dragover and drop carrying
   * a DataTransfer with the files (Chromium accepts a synthetic one).
   */
  async dropFiles(files: readonly TmFile[]): Promise<void> {
    await expect(this.dropZone).toBeVisible();
    await dropFiles(this.page, 'memory-drop-zone', files);
  }

  /** Waits for an import to end, and returns what its row says. */
  async expectImportDone(name: string): Promise<string> {
    const row = this.importRow(name);
    await expect(row).toHaveAttribute('data-state', 'done');
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    return row.getByTestId('memory-import-status').innerText();
  }

  /** Types a sentence and waits for the matches (Enter runs the search at once). */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
  }

  async deleteMatch(match: Locator): Promise<void> {
    await match.getByTestId('tm-match-delete').click();
    await expect(this.confirmDeleteUnit).toBeVisible();
    await this.confirmDeleteUnit.getByTestId('confirm-delete-unit-ok').click();
    await expect(this.confirmDeleteUnit).toBeHidden();
  }

  async exportTmx(): Promise<Download> {
    const downloading = this.page.waitForEvent('download');
    await this.exportButton.click();
    return downloading;
  }
}
