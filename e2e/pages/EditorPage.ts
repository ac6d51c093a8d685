import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell';
import { attribute } from './page-helpers';

const TEXTS = path.join(import.meta.dirname, '..', 'fixtures', 'texts');

interface TextNodeLike {
  textContent: string | null;
}

/** What `selectInSource` uses in the page (the e2e code compiles without the DOM library). */
interface SelectionGlobals {
  document: {
    createTreeWalker(root: unknown, whatToShow: number): { nextNode(): TextNodeLike | null };
    createRange(): {
      setStart(node: TextNodeLike, offset: number): void;
      setEnd(node: TextNodeLike, offset: number): void;
    };
  };
  getSelection(): { removeAllRanges(): void; addRange(range: unknown): void } | null;
}

export type Pretranslate = 'none' | 'TM' | 'TM+MT';

/** The Editor view: a project's documents, and an open document's segments and matches. */
export class EditorPage {
  readonly shell: AppShell;
  readonly view: Locator;
  readonly documents: Locator;
  readonly dropZone: Locator;
  readonly uploadPicker: Locator;
  readonly pretranslate: Locator;
  readonly documentRows: Locator;
  readonly editor: Locator;
  readonly rows: Locator;
  readonly activeRow: Locator;
  readonly target: Locator;
  readonly progress: Locator;
  readonly matchPanel: Locator;
  readonly tmMatches: Locator;
  readonly noTmMatch: Locator;
  readonly mtItems: Locator;
  readonly mtUnavailable: Locator;
  readonly termHits: Locator;
  readonly qa: Locator;
  readonly alert: Locator;
  readonly keyboardHelp: Locator;
  readonly thread: Locator;
  readonly comments: Locator;
  readonly reply: Locator;
  readonly replyQuote: Locator;
  readonly replyError: Locator;
  readonly selectionComment: Locator;
  readonly unresolvedThreads: Locator;
  readonly unresolvedOnly: Locator;
  readonly filterEmpty: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.view = page.getByTestId('view-editor');
    this.documents = page.getByTestId('editor-documents');
    this.dropZone = page.getByTestId('editor-drop-zone');
    this.uploadPicker = page.getByTestId('editor-upload-picker');
    this.pretranslate = page.getByTestId('editor-upload-pretranslate');
    this.documentRows = page.getByTestId('document-row');
    this.editor = page.getByTestId('editor-document');
    this.rows = page.getByTestId('segment-row');
    this.activeRow = page.locator('[data-testid="segment-row"][data-active]');
    this.target = page.getByTestId('segment-editor');
    this.progress = page.getByTestId('editor-progress');
    this.matchPanel = page.getByTestId('match-panel');
    this.tmMatches = this.matchPanel.getByTestId('tm-match-item');
    this.noTmMatch = this.matchPanel.getByTestId('tm-no-match');
    this.mtItems = this.matchPanel.getByTestId('mt-item');
    this.mtUnavailable = this.matchPanel.getByTestId('mt-unavailable');
    this.termHits = page.getByTestId('term-hits');
    this.qa = page.getByTestId('editor-qa');
    this.alert = page.getByTestId('editor-alert');
    this.keyboardHelp = page.getByTestId('editor-keyboard-help');
    this.thread = page.getByTestId('comment-thread');
    this.comments = this.thread.getByTestId('comment');
    this.reply = this.thread.getByTestId('comment-reply-text');
    this.replyQuote = this.thread.getByTestId('comment-reply-quote');
    this.replyError = this.thread.getByTestId('comment-reply-error');
    this.selectionComment = page.getByTestId('selection-comment');
    this.unresolvedThreads = page.getByTestId('editor-unresolved-threads');
    this.unresolvedOnly = page.getByTestId('filter-unresolved-comments');
    this.filterEmpty = page.getByTestId('segment-grid-filter-empty');
  }

  /** The sample text `e2e/fixtures/texts/<name>`. */
  static text(name: string): { name: string; buffer: Buffer } {
    return { name, buffer: readFileSync(path.join(TEXTS, name)) };
  }

  documentRow(name: string): Locator {
    return this.page.locator(
      `[data-testid="document-row"]${attribute('data-document-name', name)}`,
    );
  }

  uploadRow(name: string): Locator {
    return this.page.locator(
      `[data-testid="document-upload-row"]${attribute('data-upload-name', name)}`,
    );
  }

  /** Segment `number` (1-based, as the grid shows it). */
  segment(number: number): Locator {
    return this.page.locator(`[data-testid="segment-row"][data-index="${number - 1}"]`);
  }

  /** Chooses a file in the upload zone and waits until the document is listed. */
  async upload(file: { name: string; buffer: Buffer }, pretranslate: Pretranslate): Promise<void> {
    await this.pretranslate.selectOption(pretranslate);
    await this.uploadPicker.setInputFiles({
      name: file.name,
      mimeType: 'text/plain',
      buffer: file.buffer,
    });
    await expect(this.uploadRow(file.name)).toHaveAttribute('data-state', 'done');
    await expect(this.documentRow(file.name)).toBeVisible();
  }

  async openDocument(name: string): Promise<void> {
    await this.documentRow(name).getByTestId('document-open').click();
    await expect(this.editor).toBeVisible();
  }

  async expectActive(number: number): Promise<void> {
    await expect(this.segment(number)).toHaveAttribute('data-active', 'true');
    await expect(this.target).toBeFocused();
  }

  /** Ctrl+number in the target: inserts that match. */
  async insertMatch(number: number): Promise<void> {
    await this.target.press(`Control+${number}`);
  }

  async confirm(): Promise<void> {
    await this.target.press('Control+Enter');
  }

  async next(): Promise<void> {
    await this.target.press('Alt+ArrowDown');
  }

  /** Segment `number`'s comment badge. */
  commentBadge(number: number): Locator {
    return this.segment(number).getByTestId('segment-comments');
  }

  /** The comment in the active thread whose text contains `text`. */
  comment(text: string): Locator {
    return this.comments.filter({ has: this.page.getByTestId('comment-text').getByText(text) });
  }

  /** Writes in the active segment's reply box and sends it with Enter. */
  async sendComment(text: string): Promise<void> {
    await this.reply.fill(text);
    await this.reply.press('Enter');
    await expect(this.comment(text)).toBeVisible();
    await expect(this.reply).toHaveValue('');
  }

  /** Selects `text` inside segment `number`'s source, as a drag of the mouse would. */
  async selectInSource(number: number, text: string): Promise<void> {
    const source = this.segment(number).getByTestId('segment-source');
    await source.evaluate((element, wanted) => {
      const { document, getSelection } = globalThis as unknown as SelectionGlobals;
      // NodeFilter.SHOW_TEXT
      const walker = document.createTreeWalker(element, 4);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(wanted) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        const selection = getSelection();
        selection?.removeAllRanges();
        selection?.addRange(range);
        return;
      }
      throw new Error(`"${wanted}" is not in the source`);
    }, text);
  }
}
