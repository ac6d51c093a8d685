import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EditorPage } from './pages/EditorPage';
import { documentInNewProject } from './pages/editor-setup';

const text = EditorPage.text('lease-notes.txt');

/** What the page reads of the CSS highlights (the e2e code compiles without the DOM library). */
interface HighlightGlobals {
  CSS: { highlights: { get(name: string): Iterable<{ toString(): string }> | undefined } };
}

/** The texts the search's highlight paints. */
const paintedHits = (page: Page) =>
  page.evaluate(() => {
    const { CSS } = globalThis as unknown as HighlightGlobals;
    return Array.from(CSS.highlights.get('find-hit') ?? [], (range) => range.toString());
  });

test('the editor filters by status, searches with a regex and whole words, and goes to a segment', async ({
  page,
  webHost,
}) => {
  const editor = await documentInNewProject(page, webHost.url, text, 'Find');

  const status = page.getByTestId('find-status');
  const search = page.getByTestId('find-search');
  const count = page.getByTestId('find-count');
  const goTo = page.getByTestId('find-go-to');
  const numbers = editor.rows.getByTestId('segment-number');

  // A row that is not active shows its whole text: no line clamp.
  // (It was a three-line -webkit-box with the rest hidden.)
  await expect(editor.segment(2).getByTestId('segment-source')).toHaveCSS('display', 'block');
  await expect(editor.segment(2).getByTestId('segment-source')).toHaveCSS('overflow', 'visible');

  // Segment 1 confirmed, segment 2 left as a draft: 3 and 4 stay untranslated.
  await editor.target.fill('El inquilino debe pagar el alquiler el quinto día de cada mes.');
  await editor.confirm();
  await editor.expectActive(2);
  await editor.target.fill('La cocina tiene una ventana nueva.');
  await editor.next();
  await editor.expectActive(3);
  await expect(editor.segment(2)).toHaveAttribute('data-status', 'draft');

  await status.selectOption('confirmed');
  await expect(numbers).toHaveText(['1']);
  await expect(count).toHaveText('1 of 4 segments');
  await status.selectOption('draft');
  await expect(numbers).toHaveText(['2']);
  await status.selectOption('new');
  await expect(numbers).toHaveText(['3', '4']);
  await expect(status.locator('option[value="new"]')).toHaveText('Not translated (2)');
  await status.selectOption('all');
  await expect(editor.rows).toHaveCount(4);
  await expect(count).toHaveText('');

  // Ctrl+F from the target: a regular expression, then as a whole word.
  await editor.segment(1).click();
  await editor.target.press('Control+f');
  await expect(search).toBeFocused();
  await page.getByTestId('find-mode-regex').click();
  await expect(page.getByTestId('find-mode-regex')).toHaveAttribute('aria-pressed', 'true');
  await search.fill('\\d+ bed');
  await expect(numbers).toHaveText(['3']);
  await expect(count).toHaveText('1 of 4 segments');
  // The hit is painted in the row (a CSS highlight: no element is added to the text).
  await expect.poll(() => paintedHits(page)).toEqual(['3 bed']);
  await page.getByTestId('find-mode-word').click();
  await expect(page.getByTestId('find-empty')).toBeVisible();
  await search.fill('rent|window');
  await expect(numbers).toHaveText(['1', '2', '4']);
  await search.fill('ren|windo');
  await expect(page.getByTestId('find-empty')).toBeVisible();

  // An invalid pattern is said in words and filters nothing.
  await search.fill('(rent');
  await expect(page.getByTestId('find-error')).toContainText('not a valid regular expression');
  await expect(editor.rows).toHaveCount(4);
  await search.press('Escape');
  await expect(search).toHaveValue('');

  // Ctrl+G: go to segment 3; a number out of range is said in words.
  await editor.segment(1).click();
  await editor.target.press('Control+g');
  await expect(goTo).toBeFocused();
  await goTo.fill('9');
  await goTo.press('Enter');
  await expect(page.getByTestId('find-go-to-error')).toHaveText(
    'There is no segment 9. Type 1 to 4.',
  );
  await goTo.fill('3');
  await goTo.press('Enter');
  await editor.expectActive(3);
});
