import type { Route } from '@playwright/test';
import type { BrowserGlobals } from './browser-globals';
import { expect, test } from './fixtures';
import { newProjectInEditor } from './pages/editor-setup';

const SEGMENTS = 2_500;

test('a long document opens with its first page; a confirm made while the rest loads is kept', async ({
  page,
  webHost,
}) => {
  const editor = await newProjectInEditor(page, webHost.url, 'Paged manual', 'Paged');
  const sentences = Array.from(
    { length: SEGMENTS },
    (_, index) => `Step ${index + 1} of the manual explains one more setting.`,
  );
  await editor.upload({ name: 'manual.txt', buffer: Buffer.from(sentences.join('\n\n')) }, 'none');

  // Every page after the first waits until released: the editor works on the first one meanwhile.
  const held: Route[] = [];
  let isHolding = true;
  await page.route('**/ipc/documents%3Asegments', async (route) => {
    const input = route.request().postDataJSON() as { offset?: number };
    if (isHolding && (input.offset ?? 0) > 0) held.push(route);
    else await route.continue();
  });
  // A new page load: nothing of the upload's answer is cached, so the document is read in pages.
  await page.reload();
  await editor.openDocument('manual.txt');
  await editor.expectActive(1);
  const note = page.getByTestId('editor-loading-note');
  await expect(note).toHaveText(`Loading segments: 50 of ${SEGMENTS.toLocaleString('en')}.`);
  await expect(page.getByTestId('editor-active-number')).toHaveText('Segment 1 of 2,500');

  // The rows not loaded yet are placeholders; the grid is as long as the whole document.
  await page.getByTestId('segment-grid').evaluate((grid) => {
    grid.scrollTop = grid.scrollHeight;
  });
  await expect(page.getByTestId('segment-placeholder').first()).toBeVisible();
  await page.getByTestId('segment-grid').evaluate((grid) => {
    grid.scrollTop = 0;
  });

  await editor.target.fill('Paso 1 del manual.');
  await editor.confirm();
  await editor.expectActive(2);
  await expect(editor.segment(1).getByTestId('segment-status')).toHaveText('Confirmed');

  isHolding = false;
  for (const route of held.splice(0)) await route.continue();
  await expect(note).toHaveCount(0);
  await expect(editor.segment(1).getByTestId('segment-status')).toHaveText('Confirmed');
  await page.getByTestId('segment-grid').evaluate((grid) => {
    grid.scrollTop = grid.scrollHeight;
  });
  await expect(editor.segment(SEGMENTS)).toBeVisible();
  await expect(page.getByTestId('segment-placeholder')).toHaveCount(0);

  // The server has the confirm, and the cache every segment in order.
  const documentId = Number(
    await page.getByTestId('editor-document').getAttribute('data-document-id'),
  );
  const first = await page.evaluate(async (id) => {
    const { wordbench } = globalThis as unknown as BrowserGlobals;
    const document = await wordbench.documents.get({ id });
    return { count: document.segments.length, ...document.segments[0] };
  }, documentId);
  expect(first).toMatchObject({
    count: SEGMENTS,
    target: 'Paso 1 del manual.',
    is_confirmed: true,
  });
});
