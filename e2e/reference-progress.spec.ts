import { expect, test } from './fixtures';
import type { BrowserGlobals } from './browser-globals';
import { BoardPage } from './pages/BoardPage';
import { EditorPage } from './pages/EditorPage';
import { MemoriesPage } from './pages/MemoriesPage';

const text = EditorPage.text('lease-notes.txt');
const STYLE_GUIDE = { name: 'style-guide.txt', body: 'Use "usted", never "tú".\n' };

/** "1,234 / 5,000 words" as numbers. */
function words(label: string | null): { done: number; total: number } {
  const match = /([\d,]+) \/ ([\d,]+) words/.exec(label ?? '');
  if (!match) throw new Error(`no word count in ${JSON.stringify(label)}`);
  const number = (value: string) => Number(value.replace(/,/g, ''));
  return { done: number(match[1]!), total: number(match[2]!) };
}

test('reference material beside the documents; progress on document rows and board cards', async ({
  page,
  webHost,
}) => {
  const memories = new MemoriesPage(page);
  await memories.shell.open(webHost.url);
  await memories.shell.expectConnected();
  await memories.open();
  await memories.createMemory({ name: 'Leases', srclang: 'en', trglang: 'es' });

  const board = new BoardPage(page);
  await board.shell.goTo('board');
  await board.waitUntilReady();
  await board.createProject({ name: 'Lease notes', memoryLabel: 'Leases (en → es)' });
  const projectId = await board.projectId('Lease notes');
  // No words yet: the card shows no bar.
  await expect(board.card('Lease notes').getByTestId('project-card-progress')).toHaveCount(0);

  // A REFERENCE file uploaded with the project's id through the API (the host's files:upload).
  await page.evaluate(
    async ({ id, file }) => {
      const g = globalThis as unknown as BrowserGlobals & {
        File: new (parts: string[], name: string) => Blob;
      };
      await g.wordbench.files.upload({
        uploadId: 'reference-upload-1',
        name: file.name,
        file: new g.File([file.body], file.name),
        category: 'REFERENCE',
        project_id: id,
        langId: false,
      });
    },
    { id: projectId, file: STYLE_GUIDE },
  );

  await board.openInEditor('Lease notes');
  const editor = new EditorPage(page);
  await expect(editor.documents).toBeVisible();
  const reference = page
    .getByRole('list', { name: 'Reference material of Lease notes' })
    .getByTestId('reference-row');
  await expect(reference).toHaveCount(1);
  await expect(reference).toHaveAttribute('data-file-name', STYLE_GUIDE.name);
  // One click downloads it (the browser's download, in the web host).
  const download = page.waitForEvent('download');
  await reference.getByRole('button', { name: `Download ${STYLE_GUIDE.name}` }).click();
  expect((await download).suggestedFilename()).toBe(STYLE_GUIDE.name);
  const opened = page.waitForEvent('download');
  await reference.getByTestId('reference-open').click();
  expect((await opened).suggestedFilename()).toBe(STYLE_GUIDE.name);

  // The document's row shows its words, none confirmed yet.
  await editor.upload(text, 'none');
  const rowBar = editor.documentRow(text.name).getByRole('progressbar');
  await expect(rowBar).toHaveAttribute('aria-valuenow', '0');
  const before = words(
    await editor.documentRow(text.name).getByTestId('document-progress').textContent(),
  );
  expect(before.done).toBe(0);
  expect(before.total).toBeGreaterThan(0);

  // Confirm the first segment: the document row and the board card move.
  await editor.openDocument(text.name);
  await editor.expectActive(1);
  await editor.target.fill('El inquilino debe pagar el alquiler el primer día de cada mes.');
  await editor.confirm();
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'confirmed');

  await page.getByTestId('editor-back-to-documents').click();
  const rowProgress = editor.documentRow(text.name).getByTestId('document-progress');
  await expect(rowProgress).not.toHaveText(`0 / ${before.total.toLocaleString('en-US')} words`);
  const afterRow = words(await rowProgress.textContent());
  expect(afterRow.total).toBe(before.total);
  expect(afterRow.done).toBeGreaterThan(0);

  await board.shell.goTo('board');
  await board.waitUntilReady();
  const card = board.card('Lease notes');
  const cardProgress = card.getByTestId('project-card-progress');
  await expect(cardProgress).toHaveText(
    `${afterRow.done.toLocaleString('en-US')} / ${before.total.toLocaleString('en-US')} words`,
  );
  const cardBar = card.getByRole('progressbar', { name: 'Confirmed words of Lease notes' });
  const percent = Math.floor((afterRow.done * 100) / before.total);
  await expect(cardBar).toHaveAttribute('aria-valuenow', String(percent));
  await expect(card).toHaveAttribute('aria-label', /words confirmed/);
});
