import type { Page, Route } from '@playwright/test';
import type { BrowserGlobals } from './browser-globals';
import { expect, test, type WebHost } from './fixtures';
import { EditorPage } from './pages/EditorPage';
import { documentInNewProject } from './pages/editor-setup';

const text = EditorPage.text('lease-notes.txt');
const SAVE_ROUTE = '**/ipc/segments%3Aupdate';

/** A new project with lease-notes.txt (4 segments) open in the editor. */
async function openLeaseNotes(page: Page, webHost: WebHost, name: string): Promise<EditorPage> {
  return documentInNewProject(page, webHost.url, text, name);
}

const documentIdOf = (page: Page) => Number(/document=(\d+)/.exec(page.url())?.[1]);

/** The document's segments as the server has them. */
async function serverSegments(page: Page, id: number) {
  return page.evaluate(async (documentId) => {
    const { wordbench } = globalThis as unknown as BrowserGlobals;
    const document = await wordbench.documents.get({ id: documentId });
    return document.segments.map(({ target, is_confirmed }) => ({ target, is_confirmed }));
  }, id);
}

/**
 * A slow server: every save waits until `release`, which lets them through one at a time in the
 * order they were sent, each answered before the next (what the server would do with them).
 */
async function holdSaves(page: Page) {
  const queue: { route: Route; target: string; isConfirm: boolean }[] = [];
  let isOpen = false;
  await page.route(SAVE_ROUTE, async (route: Route) => {
    if (isOpen) return route.continue();
    const body = route.request().postDataJSON() as { target: string; is_confirmed?: boolean };
    queue.push({ route, target: body.target, isConfirm: body.is_confirmed !== false });
  });
  return {
    held: () =>
      queue.map(({ target, isConfirm }) => `${isConfirm ? 'confirm' : 'draft'}: ${target}`),
    release: async () => {
      isOpen = true;
      for (let next = queue.shift(); next; next = queue.shift()) {
        const response = await next.route.fetch();
        await next.route.fulfill({ response });
      }
    },
  };
}

test('a draft saved while a confirm is on its way never un-confirms the segment', async ({
  page,
  webHost,
}) => {
  const editor = await openLeaseNotes(page, webHost, 'Slow confirms');
  const documentId = documentIdOf(page);
  const slow = await holdSaves(page);

  // Confirm 1 (the server is slow to answer), come back to it and leave it again meanwhile:
  // its text is the one being confirmed, so no draft save follows the confirm.
  await editor.target.fill('El inquilino paga el alquiler.');
  await editor.confirm();
  await editor.expectActive(2);
  await editor.target.press('Alt+ArrowUp');
  await editor.expectActive(1);
  await editor.target.press('Alt+ArrowDown');
  await editor.expectActive(2);

  // Confirming the last segment goes round to the next unconfirmed one: segment 2, not
  // segment 1 whose confirm is still on its way.
  await editor.segment(4).click();
  await editor.expectActive(4);
  await editor.target.fill('El inquilino paga cada mes.');
  await editor.confirm();
  await editor.expectActive(2);
  await expect
    .poll(slow.held)
    .toEqual(['confirm: El inquilino paga el alquiler.', 'confirm: El inquilino paga cada mes.']);

  await slow.release();
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'confirmed');
  await expect(editor.segment(4)).toHaveAttribute('data-status', 'confirmed');
  await expect(editor.progress).toContainText('2 of 4 segments');
  const saved = await serverSegments(page, documentId);
  expect(saved[0]).toEqual({ target: 'El inquilino paga el alquiler.', is_confirmed: true });
  expect(saved[3]).toEqual({ target: 'El inquilino paga cada mes.', is_confirmed: true });
});

test('typed text is saved without moving: after a pause, on leaving the document, on reload', async ({
  page,
  webHost,
}) => {
  const editor = await openLeaseNotes(page, webHost, 'Autosave');
  const documentId = documentIdOf(page);

  // A pause in typing: the segment is saved as a draft ("Edited" becomes "Draft").
  await editor.target.fill('El inquilino debe pagar');
  await expect(editor.segment(1).getByTestId('segment-status')).toHaveText('Edited');
  await expect(editor.segment(1).getByTestId('segment-status')).toHaveText('Draft');
  expect((await serverSegments(page, documentId))[0]).toEqual({
    target: 'El inquilino debe pagar',
    is_confirmed: false,
  });

  // A draft whose save cannot reach the server stays on its segment, waits, and is sent again.
  await page.route(SAVE_ROUTE, (route) =>
    route.fulfill({
      json: { ok: false, error: { code: 'network', message: 'Cannot reach the server.' } },
    }),
  );
  await editor.next();
  await editor.target.fill('La cocina');
  await editor.next();
  await expect(editor.segment(2).getByTestId('segment-waiting')).toBeVisible();
  await editor.expectActive(3);
  await page.unroute(SAVE_ROUTE);

  // Leaving by the breadcrumb right after typing: both drafts reach the server.
  await editor.target.fill('El piso tiene 3 dormitorios.');
  await page.getByTestId('editor-back-to-documents').click();
  await expect(editor.documents).toBeVisible();
  await expect
    .poll(async () => (await serverSegments(page, documentId)).map((segment) => segment.target))
    .toEqual(['El inquilino debe pagar', 'La cocina', 'El piso tiene 3 dormitorios.', '']);

  // Typed, then the page reloaded at once: the text is there after the reload.
  await editor.openDocument(text.name);
  await editor.segment(4).click();
  await editor.expectActive(4);
  await editor.target.fill('El inquilino paga cada mes.');
  await page.reload();
  await expect(editor.editor).toBeVisible();
  await expect(editor.segment(4)).toContainText('El inquilino paga cada mes.');
  expect((await serverSegments(page, documentId))[3]?.target).toBe('El inquilino paga cada mes.');
});

test('an empty target is not confirmed: a message, nothing sent, no move', async ({
  page,
  webHost,
}) => {
  const editor = await openLeaseNotes(page, webHost, 'Empty confirm');
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ipc/segments%3Aupdate')) saves.push(request.postData() ?? '');
  });
  await editor.confirm();
  await expect(page.getByTestId('editor-confirm-refused')).toContainText(
    'An empty translation cannot be confirmed',
  );
  await editor.expectActive(1);
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'empty');
  await expect(editor.qa).toHaveCount(0);
  await expect(editor.alert).toHaveCount(0);
  expect(saves).toEqual([]);

  // Typing clears the message; a real confirm then goes through.
  await editor.target.fill('El inquilino paga.');
  await expect(page.getByTestId('editor-confirm-refused')).toHaveCount(0);
  await editor.confirm();
  await editor.expectActive(2);
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'confirmed');
  expect(saves.filter((body) => body.includes('"target":""'))).toEqual([]);
});

test('editor shortcuts do not act while a comment is typed', async ({ page, webHost }) => {
  const editor = await openLeaseNotes(page, webHost, 'Shortcut scope');
  await editor.target.fill('El inquilino');
  await editor.sendComment('A first note.');

  await editor.reply.fill('Ctrl+Shift+S and friends');
  for (const key of ['Control+Shift+S', 'Control+1', 'Alt+1', 'Alt+ArrowDown', 'Control+ArrowUp']) {
    await editor.reply.press(key);
  }
  await expect(editor.reply).toHaveValue('Ctrl+Shift+S and friends');
  await expect(editor.segment(1)).toHaveAttribute('data-active', 'true');

  // Editing a comment: Ctrl+Enter saves it there, it does not confirm the segment.
  await editor.comment('A first note.').getByTestId('comment-edit').click();
  const editBox = editor.thread.getByTestId('comment-edit-text');
  await editBox.fill('A first note, edited.');
  await editBox.press('Control+Enter');
  await expect(editor.comment('A first note, edited.')).toBeVisible();
  await expect(editor.segment(1)).toHaveAttribute('data-active', 'true');
  await expect(editor.segment(1)).not.toHaveAttribute('data-status', 'confirmed');
  await expect(editor.target).toHaveValue('El inquilino');

  // From the source, Ctrl+Alt+M still comments on the segment.
  await editor.segment(1).getByTestId('segment-source').focus();
  await editor.segment(1).getByTestId('segment-source').press('Control+Alt+m');
  await expect(editor.reply).toBeFocused();
});

test('with "Unresolved comments only" on, the editor stays among the segments shown', async ({
  page,
  webHost,
}) => {
  const editor = await openLeaseNotes(page, webHost, 'Filtered work');
  await editor.next();
  await editor.sendComment('Which window?');
  await editor.segment(4).click();
  await editor.expectActive(4);
  await editor.sendComment('Same as segment 1?');
  await editor.segment(1).click();
  await editor.expectActive(1);

  // Turned on while segment 1 (no comment) is active: the first segment shown takes over.
  await editor.unresolvedOnly.check();
  await expect(editor.rows).toHaveCount(2);
  await editor.expectActive(2);

  // Confirm moves to the next segment shown (4), not to segment 3 that the filter hides.
  await editor.target.fill('La cocina tiene una ventana nueva.');
  await editor.confirm();
  await editor.expectActive(4);
  await expect(editor.rows).toHaveCount(2);

  // Resolved while active, segment 4 stays shown until the translator moves away.
  await editor.thread.getByTestId('comment-thread-resolve').click();
  await expect(editor.thread.getByTestId('comment-thread-state')).toContainText('Resolved');
  await expect(editor.segment(4)).toHaveAttribute('data-active', 'true');
  await editor.segment(4).getByTestId('segment-editor').focus();
  await editor.target.press('Alt+ArrowUp');
  await editor.expectActive(2);
  await expect(editor.rows).toHaveCount(1);

  // The last unresolved thread resolved, then the document opened again with the filter on:
  // no segment is shown and the focus is on the way out.
  await editor.thread.getByTestId('comment-thread-resolve').click();
  await expect(editor.unresolvedThreads).toHaveText('0 unresolved threads');
  await page.getByTestId('editor-back-to-documents').click();
  await editor.openDocument(text.name);
  await expect(editor.filterEmpty).toBeVisible();
  const showAll = page.getByTestId('segment-grid-show-all');
  await expect(showAll).toBeFocused();
  await showAll.press('Enter');
  await expect(editor.rows).toHaveCount(4);
  await expect(editor.target).toBeFocused();
});
