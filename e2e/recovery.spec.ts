import { createServer, type Socket } from 'node:net';
import type { Page } from '@playwright/test';
import type { BrowserGlobals } from './browser-globals';
import { expect, test } from './fixtures';
import { BoardPage } from './pages/BoardPage';
import { EditorPage } from './pages/EditorPage';
import { documentInNewProject } from './pages/editor-setup';

// These tests kill, stop and switch away from the host's own embedded server.
test.use({ connection: 'embedded' });

const text = EditorPage.text('lease-notes.txt');

/** The embedded server's process, as the host reports it (Settings shows it too). */
async function embeddedServerPid(page: Page): Promise<number> {
  const pid = await page.evaluate(async () => {
    const { wordbench } = globalThis as unknown as BrowserGlobals;
    const { embedded } = await wordbench.settings.getConnection();
    return embedded.state === 'running' ? (embedded.pid ?? null) : null;
  });
  if (pid === null) throw new Error('The embedded server is not running, or has no pid.');
  return pid;
}

/** The document's segments as the server has them. */
async function serverSegments(page: Page, id: number) {
  return page.evaluate(async (documentId) => {
    const { wordbench } = globalThis as unknown as BrowserGlobals;
    const document = await wordbench.documents.get({ id: documentId });
    return document.segments.map(({ target, is_confirmed }) => ({ target, is_confirmed }));
  }, id);
}

test('the embedded server killed mid-edit is restarted, and the confirm made meanwhile is kept', async ({
  page,
  webHost,
}) => {
  const editor = await documentInNewProject(page, webHost.url, text, 'Recovery');
  const documentId = Number(/document=(\d+)/.exec(page.url())?.[1]);

  // Typing, then the server dies (as a crash would: no chance to clean up).
  await editor.target.fill('El inquilino paga el alquiler.');
  const firstPid = await embeddedServerPid(page);
  const killedAt = Date.now();
  process.kill(firstPid, 'SIGKILL');
  // The badge tells the truth: red while the server cannot be reached.
  await expect(editor.shell.connectionStatus).toHaveAttribute('data-tone', 'error');
  // Figures for the report, not limits: the machine is shared and its speed varies.
  console.log(`badge red ${Date.now() - killedAt} ms after the kill`);

  // Confirmed while the server is down: the editor moves on, the row says the work waits.
  await editor.confirm();
  await editor.expectActive(2);
  const waiting = editor.segment(1).getByTestId('segment-waiting');
  await expect(waiting).toHaveText('Waiting for the server - will be sent');

  // The host's supervisor starts a new server; the badge is green again and the confirm is sent.
  await editor.shell.expectEmbeddedRunning();
  await expect(waiting).toBeHidden();
  console.log(
    `confirm made while down reached the new server ${Date.now() - killedAt} ms after the kill`,
  );
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'confirmed');
  expect(await embeddedServerPid(page)).not.toBe(firstPid);

  // Work goes on against the new server.
  await editor.target.fill('La cocina está equipada.');
  await editor.confirm();
  await expect(editor.segment(2)).toHaveAttribute('data-status', 'confirmed');
  await expect
    .poll(async () => (await serverSegments(page, documentId)).slice(0, 2))
    .toEqual([
      { target: 'El inquilino paga el alquiler.', is_confirmed: true },
      { target: 'La cocina está equipada.', is_confirmed: true },
    ]);

  // Nothing was kept only in the page: after a reload the targets come from the server.
  await page.reload();
  await editor.shell.waitUntilReady();
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'confirmed');
  await expect(editor.segment(1).getByTestId('segment-target')).toHaveText(
    'El inquilino paga el alquiler.',
  );
  await expect(editor.segment(1).getByTestId('segment-waiting')).toHaveCount(0);

  // Settings tells what happened: one restart, with the server's last words folded away.
  await editor.shell.goTo('settings');
  await expect(page.getByTestId('embedded-server-restarts')).toContainText(
    'was started again once',
  );
});

test('an embedded server that hangs turns the badge red, and green again when it answers', async ({
  page,
  webHost,
}, testInfo) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await board.shell.expectEmbeddedRunning();
  const pid = await embeddedServerPid(page);

  // Alive but silent (a stuck event loop, a debugger): SIGSTOP, so connections are still taken.
  const hungAt = Date.now();
  process.kill(pid, 'SIGSTOP');
  try {
    await expect(board.shell.connectionStatus).toHaveAttribute('data-tone', 'error');
    // A figure for the report, not a limit: the machine is shared and its speed varies.
    const redAfterMs = Date.now() - hungAt;
    testInfo.annotations.push({ type: 'badge red after hang (ms)', description: `${redAfterMs}` });
    console.log(`badge red ${redAfterMs} ms after the embedded server hung`);
  } finally {
    process.kill(pid, 'SIGCONT');
  }
  // The same server answers again: no restart was needed, and the badge says so.
  await board.shell.expectEmbeddedRunning();
  expect(await embeddedServerPid(page)).toBe(pid);
});

test('a hosted service that never answers shows on the board in seconds, and switching back clears it', async ({
  page,
  webHost,
}, testInfo) => {
  const board = new BoardPage(page);
  await board.open(webHost.url);
  await board.shell.expectEmbeddedRunning();

  // A wrong address behind a firewall: connections are taken, and nothing ever answers.
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  try {
    const started = Date.now();
    await page.evaluate(async (url) => {
      const { wordbench } = globalThis as unknown as BrowserGlobals;
      await wordbench.settings.setConnection({ mode: 'remote', baseUrl: url });
      await wordbench.settings.setApiKey({ key: 'team-key' });
    }, baseUrl);
    const failure = page.getByTestId('view-board').getByRole('alert');
    await expect(failure).toContainText('does not answer');
    // A figure for the report, not a limit: the machine is shared and its speed varies.
    const shownAfterMs = Date.now() - started;
    testInfo.annotations.push({
      type: 'board failure shown after (ms)',
      description: `${shownAfterMs}`,
    });
    console.log(`board shows the unreachable hosted service after ${shownAfterMs} ms`);
    await expect(board.shell.connectionStatus).toHaveAttribute('data-tone', 'error');
    await expect(board.shell.connectionStatus).toContainText('unreachable');

    // Back to the embedded server: the hosted service's error goes, the board loads.
    await page.evaluate(async () => {
      const { wordbench } = globalThis as unknown as BrowserGlobals;
      await wordbench.settings.setConnection({ mode: 'embedded' });
    });
    await board.shell.expectEmbeddedRunning();
    await expect(failure).toHaveCount(0);
    await board.waitUntilReady();
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});

test('a confirm waiting for the server survives a reload and is sent once the server answers', async ({
  page,
  webHost,
}) => {
  const editor = await documentInNewProject(page, webHost.url, text, 'Reload while waiting');
  const documentId = Number(/document=(\d+)/.exec(page.url())?.[1]);

  // Every save finds the server unreachable, as while it is down.
  const saves = '**/ipc/segments%3Aupdate';
  await page.route(saves, (route) =>
    route.fulfill({
      json: { ok: false, error: { code: 'network', message: 'Cannot reach the server.' } },
    }),
  );
  await editor.target.fill('El inquilino paga el alquiler.');
  await editor.confirm();
  await expect(editor.segment(1).getByTestId('segment-waiting')).toBeVisible();

  // Reloaded while it waits: the confirm is still there, on its row, and still waiting.
  await page.reload();
  await editor.shell.waitUntilReady();
  const waiting = editor.segment(1).getByTestId('segment-waiting');
  await expect(waiting).toBeVisible();
  await expect(editor.segment(1).getByTestId('segment-target')).toContainText(
    'El inquilino paga el alquiler.',
  );

  await page.unroute(saves);
  await expect(waiting).toBeHidden();
  await expect(editor.segment(1)).toHaveAttribute('data-status', 'confirmed');
  expect((await serverSegments(page, documentId))[0]).toEqual({
    target: 'El inquilino paga el alquiler.',
    is_confirmed: true,
  });
});
