import type { Page } from '@playwright/test';
import type { BrowserGlobals } from './browser-globals';
import { expect, test } from './fixtures';
import { BoardPage } from './pages/BoardPage';

const EN_ES = { name: 'Product docs', srclang: 'en', trglang: 'es' };

/** The browser's local day, `YYYY-MM-DD`, `offset` days from today. */
function localDay(page: Page, offset = 0): Promise<string> {
  return page.evaluate((days) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }, offset);
}

test('projects are created, dragged and moved with the keyboard', async ({ page, webHost }) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await expect(board.empty).toContainText('No projects yet');

  await board.createProject({ name: 'Website launch', newMemory: EN_ES, dueDate: '2020-01-15' });
  await board.createProject({ name: 'Release notes', memoryLabel: 'Product docs (en → es)' });
  await board.createProject({ name: 'Help center', memoryLabel: 'Product docs (en → es)' });

  await expect(board.columnCount('backlog')).toHaveText('3');
  const launch = board.card('Website launch');
  await expect(launch).toContainText('en → es');
  await expect(launch).toContainText('No documents');
  // Due in 2020 and not done: overdue.
  await expect(launch).toHaveAttribute('data-overdue', 'true');
  await expect(launch.getByText('Overdue')).toBeVisible();

  await board.drag('Website launch', 'inReview');
  await expect(board.column('inReview').getByTestId('project-card')).toHaveCount(1);
  await expect(board.card('Website launch')).toHaveAttribute('data-state', 'inReview');
  await expect(board.columnCount('backlog')).toHaveText('2');
  await expect(board.columnCount('inReview')).toHaveText('1');
  await expect(board.announcer).toContainText('Moved “Website launch” to In review.');

  // Alt+→ moves the focused card one column right, and the focus goes with it.
  await board.card('Release notes').focus();
  await page.keyboard.press('Alt+ArrowRight');
  const notes = board.column('inProgress').getByTestId('project-card');
  await expect(notes).toHaveAttribute('data-state', 'inProgress');
  await expect(notes).toBeFocused();
  await expect(board.announcer).toContainText('Moved “Release notes” to In progress.');
  // The "Move to…" menu, opened from the keyboard with Enter.
  await page.keyboard.press('Enter');
  await page.getByTestId('card-menu').getByRole('menuitem', { name: 'Move to In QA' }).click();
  await expect(board.card('Release notes')).toHaveAttribute('data-state', 'inQA');

  // The server has the moves: they are there after a reload.
  await page.reload();
  await board.waitUntilReady();
  await expect(board.card('Website launch')).toHaveAttribute('data-state', 'inReview');
  await expect(board.card('Release notes')).toHaveAttribute('data-state', 'inQA');
  await expect(board.card('Help center')).toHaveAttribute('data-state', 'backlog');
});

test('arrow keys move the focus between cards and columns', async ({ page, webHost }) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await board.createProject({ name: 'First', newMemory: EN_ES });
  await board.createProject({ name: 'Second', memoryLabel: 'Product docs (en → es)' });
  await board.createProject({ name: 'Third', memoryLabel: 'Product docs (en → es)' });
  await board.drag('First', 'done');

  // Newest first: Third, Second in Backlog.
  await board.card('Third').focus();
  await page.keyboard.press('ArrowDown');
  await expect(board.card('Second')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(board.card('Third')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(board.card('First')).toBeFocused();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(board.card('First')).toHaveAttribute('data-state', 'inQA');
  await expect(board.card('First')).toBeFocused();
  // Only one card per column is in the Tab order.
  await expect(
    board.column('backlog').locator('[data-testid="project-card"][tabindex="0"]'),
  ).toHaveCount(1);
});

test('the create dialog explains what is missing and closes with Esc', async ({
  page,
  webHost,
}) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await board.newProject.click();
  const dialog = board.createDialog;
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('project-name')).toBeFocused();

  // No memories yet: the dialog offers to make one.
  await expect(dialog.getByTestId('project-memory')).toHaveValue('new');
  await dialog.getByTestId('create-project-submit').click();
  await expect(dialog).toContainText('Give the project a name.');
  await expect(dialog).toContainText('Give the memory a name.');
  await expect(dialog).toContainText('Choose the language the documents are in.');
  await expect(dialog.getByTestId('project-name')).toBeFocused();

  // "Other code…" takes a BCP 47 tag: a wrong one is explained at once and Create waits for it.
  await dialog.getByTestId('new-memory-srclang').selectOption('__other');
  const otherSource = dialog.getByTestId('new-memory-srclang-other');
  await otherSource.fill('en_US');
  await expect(dialog).toContainText('“en_US” is not a language tag; use en-US.');
  await expect(otherSource).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('create-project-submit')).toBeDisabled();
  await otherSource.fill('E1');
  await expect(dialog).toContainText('“E1” is not a language tag');
  await expect(dialog.getByTestId('create-project-submit')).toBeDisabled();
  await otherSource.fill('en-US');
  await expect(dialog).not.toContainText('is not a language tag');
  await expect(dialog.getByTestId('create-project-submit')).toBeEnabled();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(board.newProject).toBeFocused();
});

test('the create dialog names the languages and tells of a pair without machine translation', async ({
  page,
  webHost,
}) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await board.newProject.click();
  const dialog = board.createDialog;
  await dialog.getByTestId('project-name').fill('Handbook');
  await dialog.getByTestId('new-memory-name').fill('German docs');
  const notice = dialog.getByTestId('mt-notice');
  await expect(notice).toHaveAttribute('role', 'status');

  // Languages are listed by name; Apertium serves English → Spanish, so nothing to say.
  await dialog.getByTestId('new-memory-srclang').selectOption({ label: 'English (en)' });
  await dialog.getByTestId('new-memory-trglang').selectOption({ label: 'Spanish (es)' });
  await expect(dialog.getByTestId('new-memory-trglang')).toHaveValue('es');
  await expect(notice).toBeEmpty();

  // Debian's Apertium has no English → German: said before the project exists, not as an error.
  await dialog.getByTestId('new-memory-trglang').selectOption('__other');
  await dialog.getByTestId('new-memory-trglang-other').fill('de');
  await expect(notice).toHaveText(
    'No machine translation for English → German on this server: segments without a TM match stay empty.',
  );
  await expect(dialog.getByTestId('create-project-submit')).toBeEnabled();
  await dialog.getByTestId('create-project-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(board.card('Handbook')).toContainText('en → de');
});

test('filters by language pair, dates and state, kept in the address', async ({
  page,
  webHost,
}) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await board.createProject({ name: 'Spanish site', newMemory: EN_ES });
  await board.createProject({
    name: 'Catalan site',
    newMemory: { name: 'Catalan docs', srclang: 'en', trglang: 'ca' },
  });
  await expect(board.cards).toHaveCount(2);

  await board.filterPair.selectOption({ label: 'en → es' });
  await expect(board.card('Catalan site')).toHaveCount(0);
  await expect(board.card('Spanish site')).toBeVisible();
  expect(board.search().get('pair')).toBe('en-es');

  // The filter survives a reload and a visit to another view.
  await page.reload();
  await board.waitUntilReady();
  await expect(board.filterPair).toHaveValue('en-es');
  await expect(board.cards).toHaveCount(1);
  await board.shell.goTo('settings');
  await board.shell.goTo('board');
  await expect(board.filterPair).toHaveValue('en-es');
  await expect(board.cards).toHaveCount(1);
  await expect(board.card('Spanish site')).toBeVisible();

  // Created between: today matches, tomorrow onwards does not.
  const today = await localDay(page);
  const tomorrow = await localDay(page, 1);
  await board.filterFrom.fill(today);
  await board.filterTo.fill(today);
  await expect(board.card('Spanish site')).toBeVisible();
  await board.filterFrom.fill(tomorrow);
  await board.filterTo.fill(tomorrow);
  await expect(page.getByTestId('board-no-match')).toBeVisible();
  await expect(board.cards).toHaveCount(0);
  expect(board.search().get('from')).toBe(tomorrow);

  await board.clearFilters.click();
  await expect(board.cards).toHaveCount(2);
  expect(new URL(page.url()).hash).toBe('#/board');

  // One state: only that column is shown.
  await board.drag('Catalan site', 'inReview');
  await expect(board.card('Catalan site')).toHaveAttribute('data-state', 'inReview');
  await board.filterState.selectOption('inReview');
  await expect(board.column('backlog')).toHaveCount(0);
  await expect(board.column('inReview')).toBeVisible();
  await expect(board.cards).toHaveCount(1);
  await expect(board.card('Catalan site')).toBeVisible();
  expect(board.search().get('state')).toBe('inReview');
});

test('archived projects leave the board unless shown; deleted ones are gone', async ({
  page,
  webHost,
}) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await board.createProject({ name: 'Old campaign', newMemory: EN_ES });
  await board.createProject({ name: 'Spring sale', memoryLabel: 'Product docs (en → es)' });
  await board.createProject({ name: 'Typo fixes', memoryLabel: 'Product docs (en → es)' });

  await board.archive('Old campaign');
  await expect(board.card('Old campaign')).toHaveCount(0);
  await expect(board.columnCount('backlog')).toHaveText('2');

  await board.filterArchived.check();
  const archived = board.card('Old campaign');
  await expect(archived).toBeVisible();
  await expect(archived).toHaveAttribute('data-archived', 'true');
  await expect(archived.getByText('Archived', { exact: true })).toBeVisible();
  expect(board.search().get('archived')).toBe('1');

  const menu = await board.openCardMenu('Old campaign');
  await menu.getByTestId('card-menu-archive').click();
  await expect(board.card('Old campaign')).not.toHaveAttribute('data-archived', 'true');
  await board.filterArchived.uncheck();
  await expect(board.card('Old campaign')).toBeVisible();

  // Cancel keeps it; confirming deletes it.
  await (await board.openCardMenu('Typo fixes')).getByTestId('card-menu-delete').click();
  await board.confirmDelete.getByTestId('confirm-delete-cancel').click();
  await expect(board.card('Typo fixes')).toBeVisible();
  await board.delete('Typo fixes');
  await expect(board.card('Typo fixes')).toHaveCount(0);
  await expect(board.announcer).toContainText('Deleted “Typo fixes”.');

  await page.reload();
  await board.waitUntilReady();
  await expect(board.cards).toHaveCount(2);
  await expect(board.card('Typo fixes')).toHaveCount(0);
});

test('a move the server refuses is rolled back with a message', async ({ page, webHost }) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await board.createProject({ name: 'Vanishing project', newMemory: EN_ES });
  await board.createProject({ name: 'Steady project', memoryLabel: 'Product docs (en → es)' });
  const id = await board.projectId('Vanishing project');

  // Deleted behind the board's back: the board still shows it.
  await page.evaluate(async (projectId) => {
    await (globalThis as unknown as BrowserGlobals).wordbench.projects.delete({ id: projectId });
  }, id);

  await board.drag('Vanishing project', 'inReview');
  await expect(board.error).toBeVisible();
  await expect(board.error).toHaveAttribute('role', 'alert');
  await expect(board.error).toContainText('“Vanishing project” was not moved');
  await expect(board.card('Vanishing project')).toHaveAttribute('data-state', 'backlog');
  await expect(board.column('inReview').getByTestId('project-card')).toHaveCount(0);
  await expect(board.columnCount('backlog')).toHaveText('2');

  // A server without the project PUT: the host answers `unsupported`, and the board says so.
  await page.route('**/ipc/projects%3Aupdate', (route) =>
    route.fulfill({
      json: {
        ok: false,
        error: {
          code: 'unsupported',
          status: 405,
          message: 'This server does not support moving projects.',
          hint: 'It does not serve PUT /v2/projects; change the state in the service itself.',
        },
      },
    }),
  );
  await board.drag('Steady project', 'inQA');
  await expect(board.error).toContainText('This server does not support moving projects.');
  await expect(board.error).toContainText('“Steady project” was not moved');
  await expect(board.card('Steady project')).toHaveAttribute('data-state', 'backlog');
  await page.unroute('**/ipc/projects%3Aupdate');

  // A later move that works clears the message.
  await board.drag('Steady project', 'done');
  await expect(board.card('Steady project')).toHaveAttribute('data-state', 'done');
  await expect(board.error).toHaveCount(0);
});
