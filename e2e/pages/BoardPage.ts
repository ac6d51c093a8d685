import { expect, type Locator, type Page } from '@playwright/test';
import type { ProjectState } from '../../shared/api/projects';
import { AppShell } from './AppShell';

export interface NewProject {
  name: string;
  /** An existing memory, as its option reads: `Docs (en → es)`. */
  memoryLabel?: string;
  /** Or a new memory made in the dialog. */
  newMemory?: { name: string; srclang: string; trglang: string };
  /** `YYYY-MM-DD`. */
  dueDate?: string;
}

/** The board: columns of project cards, the filter bar and the project dialogs. */
export class BoardPage {
  readonly shell: AppShell;
  readonly view: Locator;
  readonly board: Locator;
  readonly ready: Locator;
  readonly empty: Locator;
  readonly cards: Locator;
  readonly newProject: Locator;
  readonly createDialog: Locator;
  readonly confirmDelete: Locator;
  readonly error: Locator;
  readonly announcer: Locator;
  readonly filters: Locator;
  readonly filterPair: Locator;
  readonly filterFrom: Locator;
  readonly filterTo: Locator;
  readonly filterState: Locator;
  readonly filterArchived: Locator;
  readonly clearFilters: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.view = page.getByTestId('view-board');
    this.board = page.getByTestId('board');
    this.ready = page.getByTestId('board-ready');
    this.empty = page.getByTestId('board-empty');
    this.cards = page.getByTestId('project-card');
    this.newProject = page.getByTestId('new-project');
    this.createDialog = page.getByTestId('create-project-dialog');
    this.confirmDelete = page.getByTestId('confirm-delete');
    this.error = page.getByTestId('board-error');
    this.announcer = page.getByTestId('board-announcer');
    this.filters = page.getByTestId('board-filters');
    this.filterPair = page.getByTestId('filter-pair');
    this.filterFrom = page.getByTestId('filter-from');
    this.filterTo = page.getByTestId('filter-to');
    this.filterState = page.getByTestId('filter-state');
    this.filterArchived = page.getByTestId('filter-archived');
    this.clearFilters = page.getByTestId('filter-clear');
  }

  /** Opens the app on the board and waits for the first project list (the embedded server may still be starting). */
  async open(url: string): Promise<void> {
    await this.shell.open(url);
    await this.waitUntilReady();
  }

  async waitUntilReady(): Promise<void> {
    await expect(this.ready).toBeAttached();
  }

  column(state: ProjectState): Locator {
    return this.page.getByTestId(`board-column-${state}`);
  }

  columnCount(state: ProjectState): Locator {
    return this.page.getByTestId(`board-column-count-${state}`);
  }

  card(name: string): Locator {
    return this.cards.filter({
      has: this.page.getByTestId('project-card-name').getByText(name, { exact: true }),
    });
  }

  async projectId(name: string): Promise<number> {
    return Number(await this.card(name).getAttribute('data-project-id'));
  }

  async createProject(project: NewProject): Promise<void> {
    await this.newProject.click();
    await expect(this.createDialog).toBeVisible();
    const dialog = this.createDialog;
    await dialog.getByTestId('project-name').fill(project.name);
    if (project.newMemory) {
      await dialog.getByTestId('project-memory').selectOption('new');
      await dialog.getByTestId('new-memory-name').fill(project.newMemory.name);
      await dialog.getByTestId('new-memory-srclang').selectOption(project.newMemory.srclang);
      await dialog.getByTestId('new-memory-trglang').selectOption(project.newMemory.trglang);
    } else if (project.memoryLabel) {
      await dialog.getByTestId('project-memory').selectOption({ label: project.memoryLabel });
    }
    if (project.dueDate) await dialog.getByTestId('project-due-date').fill(project.dueDate);
    await dialog.getByTestId('create-project-submit').click();
    await expect(this.createDialog).toHaveCount(0);
    await expect(this.card(project.name)).toBeVisible();
  }

  /** Drags a card onto another column with the mouse (HTML5 drag and drop). */
  async drag(name: string, to: ProjectState): Promise<void> {
    await this.card(name).dragTo(this.column(to));
  }

  async openCardMenu(name: string): Promise<Locator> {
    await this.card(name).getByTestId('card-menu-button').click();
    const menu = this.page.getByTestId('card-menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  /** "Open in editor" from the card's menu: the project's documents. */
  async openInEditor(name: string): Promise<void> {
    const menu = await this.openCardMenu(name);
    await menu.getByTestId('card-menu-open-editor').click();
  }

  async archive(name: string): Promise<void> {
    const menu = await this.openCardMenu(name);
    await menu.getByTestId('card-menu-archive').click();
  }

  async delete(name: string): Promise<void> {
    const menu = await this.openCardMenu(name);
    await menu.getByTestId('card-menu-delete').click();
    await expect(this.confirmDelete).toBeVisible();
    await this.confirmDelete.getByTestId('confirm-delete-submit').click();
    await expect(this.confirmDelete).toHaveCount(0);
  }

  /** `?pair=en-es&…` as the address holds it. */
  search(): URLSearchParams {
    const hash = new URL(this.page.url()).hash;
    return new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '');
  }
}
