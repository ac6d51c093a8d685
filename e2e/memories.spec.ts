import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import type { BrowserGlobals } from './browser-globals';
import { MemoriesPage, tmFixture } from './pages/MemoriesPage';

const HELP = { name: 'LibreOffice help', srclang: 'en', trglang: 'es' };
const tmx = tmFixture('find-toolbar.en-es.tmx');
const tbx = tmFixture('terms.en-es.tbx');
const broken = tmFixture('broken.tmx');

const PREVIOUS = 'Moves the cursor and selects the previous match of the search text.';
const NEXT = 'Moves the cursor and selects the next match of the search text.';
// One word changed from PREVIOUS (and two from NEXT): a fuzzy match, not an exact one.
const QUERY = 'Moves the cursor and selects the previous match of the search term.';

const BANDS = [
  [100, 'exact'],
  [95, 'high'],
  [85, 'fuzzy'],
  [75, 'low'],
  [0, 'weak'],
] as const;
const bandOf = (score: number) => BANDS.find(([from]) => score >= from)?.[1];

async function openMemories(page: MemoriesPage, url: string): Promise<void> {
  await page.shell.open(url);
  await page.shell.expectConnected();
  await page.open();
}

test('a memory is created, filled by a dropped TMX, searched, trimmed, given terms and exported', async ({
  page,
  webHost,
}) => {
  const memories = new MemoriesPage(page);
  await openMemories(memories, webHost.url);
  await expect(memories.empty).toBeVisible();

  await memories.createMemory(HELP);
  const row = memories.row(HELP.name);
  await expect(row.getByTestId('memory-pair')).toHaveText('en → es');
  await memories.expectUnitCount(HELP.name, 0);
  await expect(memories.detail.getByTestId('memory-detail-name')).toHaveText(HELP.name);

  // Import by drop: upload, processing, then the count the file holds.
  await memories.dropFiles([tmx]);
  await expect(memories.importRow(tmx.name)).toBeVisible();
  expect(await memories.expectImportDone(tmx.name)).toBe('Added 10 units.');
  await memories.expectUnitCount(HELP.name, 10);
  await expect(row.getByTestId('memory-processing')).toHaveCount(0);
  await expect(row.getByTestId('memory-import-error')).toHaveCount(0);

  // A sentence one word away: a fuzzy match, best first, with the changed words marked.
  await memories.searchFor(QUERY);
  const best = memories.matches.first();
  await expect(best.getByTestId('tm-match-source')).toContainText(
    'Moves the cursor and selects the previous match',
  );
  const score = Number(await best.getAttribute('data-score'));
  expect(score).toBeGreaterThanOrEqual(75);
  expect(score).toBeLessThan(100);
  await expect(best).toHaveAttribute('data-band', bandOf(score) ?? '');
  await expect(best.getByTestId('tm-score')).toContainText(`${score}%`);
  await expect(best.getByTestId('diff-del')).toContainText('text');
  await expect(best.getByTestId('diff-ins')).toContainText('term');
  await expect(best.getByTestId('tm-match-target')).toHaveText(
    'Traslada el cursor y selecciona la coincidencia anterior del texto de la búsqueda.',
  );
  await expect(best.getByTestId('tm-match-meta')).toContainText(tmx.name);
  const sources = await memories.matches.getByTestId('tm-match-source').allInnerTexts();
  expect(sources.some((text) => text.includes('next'))).toBe(true);

  // Delete the best match: the search runs again without it, and the count goes down.
  const deletedId = await best.getAttribute('data-segment-id');
  expect(deletedId).toMatch(/^\d+$/);
  await memories.deleteMatch(best);
  await expect(memories.matches.and(page.locator(`[data-segment-id="${deletedId}"]`))).toHaveCount(
    0,
  );
  await expect(memories.matches.first().getByTestId('tm-match-source')).toContainText('next');
  await memories.expectUnitCount(HELP.name, 9);

  // The exact sentence that is still there is a 100 (or 101) in the exact band.
  await memories.searchFor(NEXT);
  await expect(memories.matches.first()).toHaveAttribute('data-band', 'exact');
  await expect(memories.matches.first().getByTestId('diff-del')).toHaveCount(0);
  await expect(memories.matches.first().getByTestId('diff-ins')).toHaveCount(0);

  // Terms from a TBX: the termbase tab lists them.
  await memories.termsTab.click();
  await expect(memories.termsEmpty).toBeVisible();
  await memories.dropFiles([tbx]);
  expect(await memories.expectImportDone(tbx.name)).toBe('Added 5 terms.');
  await expect(row.getByTestId('memory-term-count')).toHaveText('5 terms');
  await expect(memories.termRows).toHaveCount(5);
  const toolbar = memories.termRows.filter({ hasText: 'toolbar' });
  await expect(toolbar.getByTestId('term-source')).toHaveText('toolbar');
  await expect(toolbar.getByTestId('term-target')).toHaveText('barra de herramientas');
  expect(new URL(page.url()).hash).toMatch(/tab=terms/);

  // Export: a TMX download with the nine units left, the deleted one gone.
  const download = await memories.exportTmx();
  expect(download.suggestedFilename()).toBe(`${HELP.name}.tmx`);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toMatch(/<tmx[^>]*version="1\.4"/);
  expect(exported.match(/<tu[\s>]/g)).toHaveLength(9);
  expect(exported).toContain(NEXT);
  expect(exported).not.toContain(PREVIOUS);
  expect(exported).toContain('Barra de búsqueda');
});

test('a malformed TMX fails with its reason in words and leaves the memory as it was', async ({
  page,
  webHost,
}) => {
  const memories = new MemoriesPage(page);
  await openMemories(memories, webHost.url);
  await memories.createMemory(HELP);
  await memories.dropFiles([tmx]);
  await memories.expectImportDone(tmx.name);
  await memories.expectUnitCount(HELP.name, 10);

  await memories.dropFiles([broken]);
  const failed = memories.importRow(broken.name);
  await expect(failed).toHaveAttribute('data-state', 'failed');
  const reason = failed.getByTestId('memory-import-failure');
  await expect(reason).toBeVisible();
  expect((await reason.innerText()).trim().length).toBeGreaterThan(10);
  await expect(memories.row(HELP.name).getByTestId('memory-import-error')).toContainText(
    'Last import failed',
  );
  await memories.expectUnitCount(HELP.name, 10);

  // The view still works: the units are all there to be found.
  await memories.searchFor(PREVIOUS);
  await expect(memories.matches.first()).toHaveAttribute('data-band', 'exact');
});

test('a memory is renamed, kept while a project uses it, then deleted', async ({
  page,
  webHost,
}) => {
  const memories = new MemoriesPage(page);
  await openMemories(memories, webHost.url);
  await memories.createMemory(HELP);
  await memories.createMemory({ name: 'Spare', srclang: 'en', trglang: 'ca' });

  // The list and the tabs work from the keyboard.
  await memories.row(HELP.name).getByRole('button').focus();
  await page.keyboard.press('ArrowDown');
  await expect(memories.row('Spare').getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(memories.detail.getByTestId('memory-detail-name')).toHaveText('Spare');
  // Search, Concordance, Termbase: two steps right.
  await page.getByTestId('memory-search-tab').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('memory-concordance-tab')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(memories.termsTab).toBeFocused();
  await expect(memories.termsTab).toHaveAttribute('aria-selected', 'true');
  await expect(memories.termsEmpty).toBeVisible();

  await memories.select(HELP.name);

  // Rename in place: Esc leaves the name alone, Enter saves.
  await memories.renameButton.click();
  const input = page.getByTestId('memory-rename-input');
  await expect(input).toBeFocused();
  await input.fill('Ignored');
  await input.press('Escape');
  await expect(memories.detail.getByTestId('memory-detail-name')).toHaveText(HELP.name);
  await memories.renameButton.click();
  await input.fill('Help 7.4');
  await input.press('Enter');
  await expect(memories.detail.getByTestId('memory-detail-name')).toHaveText('Help 7.4');
  await expect(memories.row('Help 7.4')).toBeVisible();
  await expect(memories.row(HELP.name)).toHaveCount(0);

  // A project uses the memory: the server refuses to delete it and says why.
  const memoryId = Number(await memories.row('Help 7.4').getAttribute('data-memory-id'));
  const projectId = await page.evaluate(async (id) => {
    const { wordbench } = globalThis as unknown as BrowserGlobals;
    const project = await wordbench.projects.create({ name: 'Help update', memory_id: id });
    return project.id;
  }, memoryId);
  await memories.deleteButton.click();
  await expect(memories.confirmDelete).toContainText('Help 7.4');
  await memories.confirmDelete.getByTestId('confirm-delete-memory-ok').click();
  const refusal = memories.confirmDelete.getByTestId('delete-memory-error');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('in use');
  await expect(refusal).toContainText('used by 1 project');
  await expect(refusal).toContainText('409');
  await memories.confirmDelete.getByTestId('confirm-delete-memory-cancel').click();
  await expect(memories.confirmDelete).toBeHidden();
  await expect(memories.row('Help 7.4')).toBeVisible();

  // Without the project it goes, and the other memory opens in its place.
  await page.evaluate(async (id) => {
    await (globalThis as unknown as BrowserGlobals).wordbench.projects.delete({ id });
  }, projectId);
  await memories.deleteButton.click();
  await memories.confirmDelete.getByTestId('confirm-delete-memory-ok').click();
  await expect(memories.confirmDelete).toBeHidden();
  await expect(memories.row('Help 7.4')).toHaveCount(0);
  await expect(memories.rows).toHaveCount(1);
  await expect(memories.detail.getByTestId('memory-detail-name')).toHaveText('Spare');
  await expect(memories.notice).toContainText('Deleted “Help 7.4”.');

  // The list reads the same after a reload.
  await page.reload();
  await memories.shell.waitUntilReady();
  await expect(memories.rows).toHaveCount(1);
});

test('picked XLIFF and CSV files add units in turn, duplicates can be skipped, a terms CSV adds terms', async ({
  page,
  webHost,
}) => {
  const memories = new MemoriesPage(page);
  await openMemories(memories, webHost.url);
  await memories.createMemory(HELP);
  const xliff = tmFixture('find-toolbar.en-es.xlf');
  const csv = tmFixture('find-toolbar.en-es.csv');
  const termsCsv = tmFixture('terms.en-es.csv');
  const asUpload = (file: { name: string; text: string }) => ({
    name: file.name,
    mimeType: 'text/plain',
    buffer: Buffer.from(file.text, 'utf8'),
  });

  // Duplicates are skipped unless the translator says otherwise: the two files hold the same
  // units, and both are to be added here.
  const skipDuplicates = page.getByTestId('memory-import-skip-duplicates');
  await expect(skipDuplicates).toBeChecked();
  await skipDuplicates.uncheck();

  // Two files at once: the second waits for the first, then both are in.
  await memories.importPicker.setInputFiles([asUpload(xliff), asUpload(csv)]);
  expect(await memories.expectImportDone(xliff.name)).toBe('Added 3 units.');
  expect(await memories.expectImportDone(csv.name)).toBe('Added 3 units.');
  await memories.expectUnitCount(HELP.name, 6);

  // The same file again with duplicates skipped adds nothing.
  await skipDuplicates.check();
  await page.getByRole('button', { name: 'Clear finished' }).click();
  await expect(memories.importRows).toHaveCount(0);
  await memories.importPicker.setInputFiles([asUpload(xliff)]);
  expect(await memories.expectImportDone(xliff.name)).toMatch(/^Nothing new was added/);
  await memories.expectUnitCount(HELP.name, 6);

  // A CSV with a term column goes to the termbase, its further columns with it.
  await memories.importPicker.setInputFiles([asUpload(termsCsv)]);
  expect(await memories.expectImportDone(termsCsv.name)).toBe('Added 3 terms.');
  await memories.expectUnitCount(HELP.name, 6);
  await memories.termsTab.click();
  await expect(memories.termRows).toHaveCount(3);
  await expect(page.getByTestId('term-table').getByRole('columnheader')).toHaveText([
    'English',
    'Spanish',
    'definition',
  ]);
  await expect(memories.termRows.first()).toContainText('A row of buttons');

  // The search finds a unit that came from the CSV.
  await page.getByTestId('memory-search-tab').click();
  await memories.searchFor('Find and Replace');
  await expect(memories.matches.first()).toHaveAttribute('data-band', 'exact');
  await expect(memories.matches.first().getByTestId('tm-match-target')).toHaveText(
    'Buscar y reemplazar',
  );
});
