import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { BrowserGlobals } from './browser-globals';
import { expect, test } from './fixtures';
import { AppShell } from './pages/AppShell';
import { SettingsPage } from './pages/SettingsPage';

// The key the host makes for its own embedded server, and the host's token: each test its own host.
test.use({ connection: 'embedded' });

interface VaultFile {
  version: number;
  keys: { embedded?: string; remote?: string };
}

async function readVault(dataDir: string): Promise<VaultFile> {
  const file = path.join(dataDir, 'vault.json');
  const { mode } = await stat(file);
  expect(mode & 0o777, 'vault.json is readable by its owner only').toBe(0o600);
  const vault = JSON.parse(await readFile(file, 'utf8')) as VaultFile;
  expect(vault.version).toBe(1);
  return vault;
}

/** Collects the body of every channel answer the page receives. */
function recordChannelReplies(page: Page): { bodies: () => Promise<string[]> } {
  const pending: Promise<string>[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/ipc/')) return;
    pending.push(
      response.text().then(
        (body) => `${response.url()}\n${body}`,
        (error: unknown) => `${response.url()}\n<unreadable: ${String(error)}>`,
      ),
    );
  });
  return { bodies: () => Promise.all(pending) };
}

/** Everything the page holds: its markup, field values, storage, cookies and database names. */
async function pageSurfaces(page: Page): Promise<Record<string, string>> {
  const inPage = await page.evaluate(async () => {
    const g = globalThis as unknown as BrowserGlobals;
    const dump = (storage: BrowserGlobals['localStorage']) =>
      Array.from({ length: storage.length }, (_, i) => {
        const key = storage.key(i) ?? '';
        return `${key}=${storage.getItem(key) ?? ''}`;
      });
    return {
      url: g.location.href,
      inputValues: JSON.stringify(Array.from(g.document.querySelectorAll('input'), (i) => i.value)),
      localStorage: JSON.stringify(dump(g.localStorage)),
      sessionStorage: JSON.stringify(dump(g.sessionStorage)),
      documentCookie: g.document.cookie,
      indexedDB: JSON.stringify((await g.indexedDB.databases()).map((db) => db.name ?? '')),
    };
  });
  return {
    ...inPage,
    html: await page.content(),
    cookies: JSON.stringify(await page.context().cookies()),
  };
}

/** Calls every channel that reads state, from inside the page, as the app would. */
async function readChannelsFromPage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const { wordbench } = globalThis as unknown as BrowserGlobals;
    const settle = (call: Promise<unknown>) =>
      call.then(
        (value) => JSON.stringify(value),
        (error: unknown) => JSON.stringify(error),
      );
    const replies = await Promise.all([
      settle(wordbench.app.getInfo()),
      settle(wordbench.settings.getConnection()),
      settle(wordbench.languages.list()),
      settle(wordbench.settings.testConnection()),
    ]);
    return replies.join('\n');
  });
}

/** Starts keeping every `connection:changed` push the page receives. */
async function recordPushes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as BrowserGlobals;
    g.recordedPushes = [];
    g.wordbench.on('connection:changed', (state) => g.recordedPushes?.push(JSON.stringify(state)));
  });
}

async function expectKeyNowhere(page: Page, key: string, replies: string[]): Promise<void> {
  for (const [where, text] of Object.entries(await pageSurfaces(page))) {
    expect(text.includes(key), `the key appears in the page's ${where}`).toBe(false);
  }
  const channelReplies = await readChannelsFromPage(page);
  expect(channelReplies.includes(key), 'the key appears in a channel reply').toBe(false);
  for (const reply of replies) {
    expect(reply.includes(key), `the key appears in ${reply.split('\n')[0]}`).toBe(false);
  }
}

test('the embedded server key stays in the host process', async ({ page, webHost }) => {
  const recorded = recordChannelReplies(page);
  const settings = new SettingsPage(page);
  await settings.shell.open(webHost.url);
  await settings.shell.expectEmbeddedRunning();
  await settings.open();
  // Languages on screen means the key has been used for an API call.
  await expect(settings.languagePairs.first()).toBeVisible();

  const { keys } = await readVault(webHost.dataDir);
  const key = keys.embedded ?? '';
  expect(key.length, 'the host stored an embedded key').toBeGreaterThanOrEqual(16);

  const replies = await recorded.bodies();
  expect(replies.some((reply) => reply.includes('/ipc/languages%3Alist'))).toBe(true);
  await expectKeyNowhere(page, key, replies);
});

test('a key typed in Settings goes to the host and never comes back', async ({ page, webHost }) => {
  const recorded = recordChannelReplies(page);
  const settings = new SettingsPage(page);
  await settings.shell.open(webHost.url);
  await settings.shell.expectEmbeddedRunning();
  await settings.open();

  // Nothing listens on port 9 here: the point is the key, not the hosted service.
  await settings.connectToHosted('http://127.0.0.1:9');
  await expect(settings.apiKeyStatus).toHaveText('No key set');
  await recordPushes(page);

  const typedKey = `e2e_${randomBytes(24).toString('base64url')}`;
  await settings.setApiKey(typedKey);
  await expect(settings.apiKeyStatus).toHaveText('A key is set');
  await expect(settings.apiKeyInput).toHaveValue('');
  await expect(settings.apiKeySave).toHaveText('Replace key');

  const { keys } = await readVault(webHost.dataDir);
  expect(keys.remote === typedKey, 'the host stored the typed key').toBe(true);

  const pushes = await page.evaluate(
    () => (globalThis as unknown as BrowserGlobals).recordedPushes,
  );
  expect(pushes?.length, 'the host pushed the change').toBeGreaterThan(0);
  expect(pushes?.join('\n').includes(typedKey), 'the key appears in a push').toBe(false);

  const replies = await recorded.bodies();
  expect(replies.some((reply) => reply.includes('/ipc/settings%3Aset-api-key'))).toBe(true);
  await expectKeyNowhere(page, typedKey, replies);
  await expectKeyNowhere(page, keys.embedded ?? '<no embedded key>', replies);
});

test('channels and pushes refuse callers without the token', async ({ request, webHost }) => {
  const channelUrl = `${webHost.origin}/ipc/${encodeURIComponent('settings:get-connection')}`;
  const token = new URL(webHost.url).searchParams.get('token') ?? '';

  const withoutToken = await request.post(channelUrl, { data: {} });
  expect(withoutToken.status()).toBe(401);

  const wrongToken = await request.post(channelUrl, {
    data: {},
    headers: { 'x-wordbench-token': `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
  });
  expect(wrongToken.status()).toBe(401);

  const events = await request.get(`${webHost.origin}/events`);
  expect(events.status()).toBe(401);

  // The same call with the token is answered, so the refusals above are about the token.
  const withToken = await request.post(channelUrl, {
    data: {},
    headers: { 'x-wordbench-token': token },
  });
  expect(withToken.status()).toBe(200);
  expect(await withToken.json()).toMatchObject({ ok: true });
});

test('a page opened without the token explains what to do', async ({ page, webHost }) => {
  await page.goto(`${webHost.origin}/`);

  const fatal = page.getByTestId('fatal-error');
  await expect(fatal).toBeVisible();
  await expect(fatal).toContainText('This page was opened without its access token.');
  await expect(page.getByTestId('app-ready')).toHaveCount(0);
  await expect(new AppShell(page).connectionStatus).toHaveCount(0);
});
