import { expect, test } from './fixtures';
import { BoardPage } from './pages/BoardPage';
import { EditorPage } from './pages/EditorPage';
import { JobsPage } from './pages/JobsPage';

const FILE = {
  name: 'house-rules.txt',
  text: 'Close the gate.\n\nWater the plants.\n\nFeed the cat.\n',
};
const TRANSLATIONS = ['Cierre la verja.', 'Riegue las plantas.', 'Dé de comer al gato.'];

test('a project on Translate > Review: confirmed, moved to review, reviewed with Ctrl+Enter, moved on', async ({
  page,
  webHost,
}) => {
  const jobs = new JobsPage(page);
  await jobs.shell.open(webHost.url);
  await jobs.shell.expectConnected();
  await jobs.open();
  await jobs.create({
    name: 'House rules',
    files: [FILE],
    source: 'en',
    sourceLocale: 'US',
    targets: [{ language: 'es', memory: 'new' }],
    template: 'Translate > Review',
  });
  const jobUrl = page.url();
  await expect(jobs.project('es')).toContainText('Backlog');

  // Work begins: the card goes from the backlog (ready to start) to the translate stage. The
  // board shows the job's projects without a reload.
  const board = new BoardPage(page);
  await board.shell.goTo('board');
  await board.waitUntilReady();
  await board.drag('House rules (es)', 'inProgress');
  await expect(board.column('inProgress').getByText('House rules (es)')).toBeVisible();

  await page.goto(jobUrl);
  await jobs.project('es').getByTestId('job-open-editor-es').click();
  const editor = new EditorPage(page);
  await editor.openDocument(FILE.name);
  await editor.expectActive(1);
  const review = page.getByTestId('review-toggle');
  await expect(review).toHaveAttribute('aria-pressed', 'false');

  for (const [index, text] of TRANSLATIONS.entries()) {
    await editor.expectActive(index + 1);
    await editor.target.fill(text);
    await editor.confirm();
    await expect(editor.segment(index + 1)).toHaveAttribute('data-status', 'confirmed');
  }
  await expect(editor.progress).toContainText('3 of 3 segments');

  // The last confirm moved the project to review: the editor is in review mode by itself.
  await expect(review).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('progressbar', { name: 'Reviewed words' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(editor.activeRow).toHaveAttribute('data-index', '2');
  // Ctrl+Enter reviews and goes on to the next unreviewed segment, round to the first.
  for (const number of [3, 1, 2]) {
    await editor.expectActive(number);
    await editor.confirm();
    await expect(editor.segment(number)).toHaveAttribute('data-reviewed', 'true');
    await expect(editor.segment(number).getByTestId('segment-status')).toHaveText('Reviewed');
  }
  await expect(page.getByRole('progressbar', { name: 'Reviewed words' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByTestId('editor-review-progress')).toContainText('3 of 3 segments');

  // Every segment reviewed: the project has moved on from review to done.
  await page.goto(jobUrl);
  await expect(jobs.jobPage).toBeVisible();
  await expect(jobs.project('es')).toContainText('Done');
  await board.shell.goTo('board');
  await board.waitUntilReady();
  await expect(board.column('done').getByText('House rules (es)')).toBeVisible();
});
