import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { EditorPage } from './pages/EditorPage';
import { documentInNewProject } from './pages/editor-setup';
import { MemoriesPage, tmFixture } from './pages/MemoriesPage';

const tmx = tmFixture('find-toolbar.en-es.tmx');
const text = EditorPage.text('lease-notes.txt');

/** The marked texts of each hit, in order: poll it, the list may still show the last search. */
async function marks(hits: Locator): Promise<string[][]> {
  const found: string[][] = [];
  for (let k = 0; k < (await hits.count()); k++) {
    found.push(await hits.nth(k).getByTestId('concordance-mark').allTextContents());
  }
  return found;
}

test('concordance hit: the Memories view finds a phrase in sources and targets, marked', async ({
  page,
  webHost,
}) => {
  const memories = new MemoriesPage(page);
  await memories.shell.open(webHost.url);
  await memories.shell.expectConnected();
  await memories.open();
  await memories.createMemory({ name: 'Help', srclang: 'en', trglang: 'es' });
  await memories.dropFiles([tmx]);
  expect(await memories.expectImportDone(tmx.name)).toBe('Added 10 units.');

  await page.getByTestId('memory-concordance-tab').click();
  await expect(page.getByTestId('concordance-hint')).toBeVisible();
  const hits = page.getByTestId('concordance-hit');
  // Case aside, the phrase's words in order: the two units holding it, newest first.
  await page.getByTestId('concordance-input').fill('SEARCH TEXT');
  await expect(hits).toHaveCount(2);
  await expect(hits.first().getByTestId('concordance-source')).toHaveText(
    'Moves the cursor and selects the next match of the search text.',
  );
  await expect.poll(() => marks(hits)).toEqual([['search text'], ['search text']]);
  await expect(page.getByTestId('concordance-summary')).toHaveText('2 units, shortest first');

  // Accents aside, in the targets: the shortest unit first.
  await page.getByTestId('concordance-side').selectOption('target');
  await page.getByTestId('concordance-input').fill('busqueda');
  await expect(hits.first().getByTestId('concordance-target')).toHaveText('Barra de búsqueda');
  await expect.poll(async () => (await marks(hits))[0]).toEqual(['búsqueda']);

  await page.getByTestId('concordance-input').fill('no such words here');
  await expect(page.getByTestId('concordance-empty')).toBeVisible();
});

test('concordance hit: Ctrl+K in the editor looks up the selected words, Esc closes', async ({
  page,
  webHost,
}) => {
  const editor = await documentInNewProject(page, webHost.url, text, 'Concordance', 'Lease');
  // Confirming writes the unit into the memory.
  await editor.target.fill('El inquilino debe pagar el alquiler el quinto día de cada mes.');
  await editor.confirm();
  await editor.expectActive(2);

  const panel = page.getByTestId('concordance-panel');
  const hits = panel.getByTestId('concordance-hit');
  // Words selected in another segment's source.
  await editor.selectInSource(4, 'pay the rent');
  await page.keyboard.press('Control+k');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('concordance-panel-input')).toHaveValue('pay the rent');
  await expect(panel.getByTestId('concordance-panel-side')).toHaveValue('source');
  await expect(hits).toHaveCount(1);
  await expect(hits.getByTestId('concordance-target')).toHaveText(
    'El inquilino debe pagar el alquiler el quinto día de cada mes.',
  );
  await expect.poll(() => marks(hits)).toEqual([['pay the rent']]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Words selected in the target editor: a search of the targets.
  await editor.target.fill('El alquiler de cada mes');
  await editor.target.evaluate((field) => {
    (field as unknown as { setSelectionRange(start: number, end: number): void }).setSelectionRange(
      15,
      23,
    );
  });
  await editor.target.press('Control+k');
  await expect(panel.getByTestId('concordance-panel-input')).toHaveValue('cada mes');
  await expect(panel.getByTestId('concordance-panel-side')).toHaveValue('target');
  await expect.poll(() => marks(hits)).toEqual([['cada mes']]);
  await panel.getByTestId('concordance-panel-input').press('Escape');
  await expect(panel).toBeHidden();
  await expect(editor.target).toBeFocused();
});
