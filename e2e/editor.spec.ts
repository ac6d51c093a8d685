import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BoardPage } from './pages/BoardPage';
import { EditorPage } from './pages/EditorPage';
import { newProjectInEditor } from './pages/editor-setup';
import { MemoriesPage, tmFixture } from './pages/MemoriesPage';

const LEASE = { name: 'Tenancy', srclang: 'en', trglang: 'es' };
const tmx = tmFixture('tenancy.en-es.tmx');
const text = EditorPage.text('lease-notes.txt');

// What the translator makes of the first segment: the TMX unit's target with one word changed.
const FIRST_TARGET = 'El inquilino debe pagar el alquiler el quinto día de cada mes.';

/** A memory filled from the tenancy TMX, a project on it, and that project open in the editor. */
async function tenancyProjectInEditor(page: Page, url: string, name: string): Promise<EditorPage> {
  const memories = new MemoriesPage(page);
  await memories.shell.open(url);
  await memories.shell.expectConnected();
  await memories.open();
  await memories.createMemory(LEASE);
  await memories.dropFiles([tmx]);
  expect(await memories.expectImportDone(tmx.name)).toBe('Added 4 units.');

  const board = new BoardPage(page);
  await board.shell.goTo('board');
  await board.waitUntilReady();
  await board.createProject({ name, memoryLabel: 'Tenancy (en → es)' });
  await board.openInEditor(name);
  return new EditorPage(page);
}

test('a document is translated in the editor: fuzzy match with its diff, MT, confirm, learned match, QA', async ({
  page,
  webHost,
}) => {
  const editor = await tenancyProjectInEditor(page, webHost.url, 'Lease notes');
  await expect(editor.documents).toBeVisible();
  await expect(page).toHaveURL(/#\/editor\?project=\d+$/);
  await editor.upload(text, 'none');
  // The upload row's button names the file it acts on.
  await expect(
    editor.uploadRow(text.name).getByRole('button', { name: `Dismiss ${text.name}` }),
  ).toBeVisible();
  await editor.openDocument(text.name);
  await expect(page).toHaveURL(/#\/editor\?project=\d+&document=\d+$/);
  await expect(editor.rows).toHaveCount(4);
  await expect(editor.progress).toContainText('0 of');
  await expect(editor.keyboardHelp).toContainText('Ctrl+Enter');
  await expect(editor.keyboardHelp).toContainText('Alt+1…9');

  // Segment 1: a fuzzy match of the TMX unit, the changed words marked, then MT set apart.
  await editor.expectActive(1);
  const fuzzy = editor.tmMatches.first();
  await expect(fuzzy).toBeVisible();
  const fuzzyScore = Number(await fuzzy.getAttribute('data-score'));
  expect(fuzzyScore).toBeGreaterThanOrEqual(75);
  expect(fuzzyScore).toBeLessThan(100);
  await expect(fuzzy.getByTestId('tm-score')).toContainText(`${fuzzyScore}%`);
  await expect(fuzzy.getByTestId('diff-del')).toContainText('first');
  await expect(fuzzy.getByTestId('diff-ins')).toContainText('fifth');
  await expect(fuzzy.getByTestId('match-origin')).toContainText(tmx.name);
  await expect(editor.mtItems.first().getByTestId('mt-label')).toHaveText(
    'Machine translation · apertium',
  );

  // Insert it with Ctrl+1 (Alt+1 in a browser, where Ctrl+1 switches tabs); a click on Insert
  // gives the focus back to the target even when nothing changes.
  await editor.insertMatch(1);
  const fuzzyTarget = 'El inquilino debe pagar el alquiler el primer día de cada mes.';
  await expect(editor.target).toHaveValue(fuzzyTarget);
  await editor.target.fill('');
  await editor.target.press('Alt+1');
  await expect(editor.target).toHaveValue(fuzzyTarget);
  await fuzzy.getByTestId('match-insert').click();
  await expect(editor.target).toBeFocused();
  await expect(editor.target).toHaveValue(fuzzyTarget);

  // Correct the changed word and confirm: the next unconfirmed is segment 2. The target is no
  // longer the match, so the segment does not keep the match's score.
  await editor.target.fill(FIRST_TARGET);
  await editor.confirm();
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'confirmed');
  await expect(editor.segment(1).getByTestId('segment-match-score')).toHaveCount(0);
  // Who confirmed it, as teammates on a shared server see it.
  await expect(editor.segment(1).getByTestId('segment-author')).toHaveText('by Owner');
  await expect(editor.segment(2).getByTestId('segment-author')).toHaveCount(0);
  await expect(editor.qa).toHaveCount(0);

  // Segment 2 has no TM match: only machine translation can help.
  await editor.expectActive(2);
  await expect(editor.noTmMatch).toBeVisible();
  await expect(editor.mtItems.first().getByTestId('mt-label')).toHaveText(
    'Machine translation · apertium',
  );
  await expect(editor.mtItems.first().getByTestId('mt-target')).toContainText('cocina');

  // Segment 3: a wrong number is confirmed anyway, with a QA warning that says so.
  await editor.next();
  await editor.expectActive(3);
  await editor.target.fill('El piso tiene 2 dormitorios.');
  await editor.confirm();
  await expect(editor.qa).toContainText('Segment 3 was confirmed with');
  await expect(editor.qa.locator('[data-code="number-missing"]')).toContainText('“3”');
  await expect(editor.segment(3)).toHaveAttribute('data-status', 'confirmed');
  await expect(editor.segment(2)).toHaveAttribute('data-status', 'empty');

  // Segment 4 is nearly segment 1: the memory learned it, so the new unit is its best match.
  await editor.expectActive(4);
  const learned = editor.tmMatches.first();
  await expect(learned.getByTestId('match-origin')).toContainText('editor');
  await expect(learned.getByTestId('match-target')).toHaveText(FIRST_TARGET);
  expect(Number(await learned.getAttribute('data-score'))).toBeGreaterThanOrEqual(85);

  // Going back up keeps what was typed in a segment as a draft.
  await editor.target.fill('El inquilino debe pagar el alquiler el quinto día de todos los meses.');
  await editor.target.press('Alt+ArrowUp');
  await editor.expectActive(3);
  await expect(editor.segment(4)).toHaveAttribute('data-status', 'draft');
  await expect(editor.progress).toContainText('2 of 4 segments');

  // Back in the project: the document downloads as XLIFF and as the original, then is deleted.
  await page.getByTestId('editor-back-to-documents').click();
  const row = editor.documentRow(text.name);
  const xliff = page.waitForEvent('download');
  await row.getByTestId('document-download-xliff').click();
  expect((await xliff).suggestedFilename()).toBe('lease-notes.txt.xlf');
  const original = page.waitForEvent('download');
  await row.getByTestId('document-download-original').click();
  expect((await original).suggestedFilename()).toBe('lease-notes.txt');
  await row.getByTestId('document-delete').click();
  await page.getByTestId('confirm-delete-document-ok').click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('editor-no-documents')).toBeVisible();
});

test('a document of 10,000 segments opens with only the rows in view rendered', async ({
  page,
  webHost,
}) => {
  const editor = await newProjectInEditor(page, webHost.url, 'Big manual', 'Manual');
  const sentences = Array.from(
    { length: 10_000 },
    (_, index) => `Step ${index + 1} of the manual explains one more setting.`,
  );
  await editor.upload({ name: 'manual.txt', buffer: Buffer.from(sentences.join('\n\n')) }, 'none');
  await editor.openDocument('manual.txt');
  await expect(editor.progress).toContainText('of 10,000 segments');
  await editor.expectActive(1);
  expect(await editor.rows.count()).toBeLessThan(100);

  // Scrolled to the end, the last rows are rendered (and still only a few); one click edits one.
  await page.getByTestId('segment-grid').evaluate((grid) => {
    grid.scrollTop = grid.scrollHeight;
  });
  await expect(editor.segment(10_000)).toBeVisible();
  expect(await editor.rows.count()).toBeLessThan(100);
  await editor.segment(10_000).click();
  await editor.expectActive(10_000);
  await editor.target.press('Alt+ArrowUp');
  await editor.expectActive(9_999);
});

test('a document pretranslated from the memory then MT opens with its matches and MT marked', async ({
  page,
  webHost,
}) => {
  const editor = await tenancyProjectInEditor(page, webHost.url, 'Lease pretranslated');
  await editor.upload(text, 'TM+MT');
  // The document list says "pretranslating…" only while the server does: it ends without a reload.
  await expect(editor.documentRow(text.name).getByTestId('document-pretranslating')).toHaveCount(0);
  await editor.openDocument(text.name);
  // Pretranslation ends on its own; the grid then shows every target as a draft.
  await expect(page.getByTestId('editor-pretranslating')).toHaveCount(0);
  await expect(page.getByTestId('editor-pretranslation-error')).toHaveCount(0);
  await expect(editor.segment(1).getByTestId('segment-match-score')).toContainText('92%');
  await expect(editor.segment(1).getByTestId('segment-status')).toContainText('Draft');
  await expect(editor.segment(2).getByTestId('segment-mt')).toBeVisible();
  await expect(editor.segment(2)).toContainText('cocina');
  await expect(editor.progress).toContainText('0 of');
});
