import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channels } from '../../shared/ipc/contract';
import type { ConnectionState } from '../../shared/ipc/settings';
import { recorded } from '../test-support/electron-stand-in';
import { until as waitUntil } from '../../server/until-test-support';

// Loads the BUILT main-process entry (out/main/index.js) with a stand-in for `electron`, the one
// thing that cannot exist here, and checks its wiring end to end with the real embedded server.
vi.mock('electron', async () => {
  const { electronStandIn } = await import('../test-support/electron-stand-in');
  return { ...electronStandIn, default: electronStandIn };
});

const outDir = resolve('out');
const mainEntry = join(outDir, 'main', 'index.js');
const rendererUrl = pathToFileURL(join(outDir, 'renderer', 'index.html')).href;
const trusted = { senderFrame: { url: `${rendererUrl}#/settings`, parent: null } };

type IpcHandler = (
  event: unknown,
  input: unknown,
) => Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>;
const handlerFor = (channel: string) => recorded.ipcHandles.get(channel)?.[0] as IpcHandler;

async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
): Promise<T> {
  let value: T | undefined;
  await waitUntil(async () => (value = await probe()) !== undefined, what);
  return value!;
}

describe('built Electron main process (with an electron stand-in)', () => {
  let serverUrl: string;

  beforeAll(async () => {
    if (!existsSync(mainEntry))
      throw new Error('out/main/index.js is missing: run `npm run build` first.');
    recorded.userData = mkdtempSync(join(tmpdir(), 'wordbench-userdata-'));
    await import(pathToFileURL(mainEntry).href);
    const state = await until(async () => {
      const handler = handlerFor('settings:get-connection');
      if (!handler) return undefined;
      const result = await handler(trusted, {});
      const value = result.value as ConnectionState;
      return value.embedded.state === 'running' || value.embedded.state === 'failed'
        ? value
        : undefined;
    }, 'the embedded server');
    if (state.embedded.state !== 'running') throw new Error(JSON.stringify(state.embedded));
    serverUrl = state.embedded.url;
  });

  afterAll(() => rmSync(recorded.userData, { recursive: true, force: true }));

  it('sandboxes every renderer and opens one window with secure preferences', () => {
    expect(recorded.calls).toContain('app.enableSandbox');
    expect(recorded.windows).toHaveLength(1);
    const prefs = recorded.windows[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(existsSync(prefs.preload as string)).toBe(true);
    expect(recorded.windows[0]!.loadedFile).toBe(join(outDir, 'renderer', 'index.html'));
  });

  it('denies permissions, navigation and new windows, sending web links to the system browser', () => {
    let allowed: boolean | undefined;
    recorded.permissionRequestHandler?.(
      ...([{}, 'media', (ok: boolean) => (allowed = ok)] as never[]),
    );
    expect(allowed).toBe(false);
    expect(recorded.permissionCheckHandler?.()).toBe(false);

    const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (name: string, listener: never) => listeners.set(name, listener),
      setWindowOpenHandler: (handler: never) => (openHandler = handler),
    };
    for (const handler of recorded.appEvents.get('web-contents-created') ?? []) {
      handler(...([{}, contents] as never[]));
    }
    const navigation = { preventDefault: vi.fn() };
    listeners.get('will-navigate')!(navigation, 'https://example.com/docs');
    expect(navigation.preventDefault).toHaveBeenCalled();
    expect(openHandler!({ url: 'https://example.com/help' })).toEqual({ action: 'deny' });
    expect(openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(recorded.openedExternally).toEqual([
      'https://example.com/docs',
      'https://example.com/help',
    ]);
    const webview = { preventDefault: vi.fn() };
    listeners.get('will-attach-webview')!(webview, '');
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('registers every contract channel exactly once', () => {
    expect([...recorded.ipcHandles.keys()].sort()).toEqual([...channels].sort());
    for (const channel of channels) expect(recorded.ipcHandles.get(channel)).toHaveLength(1);
  });

  it('validates the sender and the input before a handler runs', async () => {
    const foreign = { senderFrame: { url: 'https://evil.example/', parent: null } };
    expect(await handlerFor('languages:list')(foreign, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    });
    expect(await handlerFor('settings:set-api-key')(trusted, { key: 7 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
  });

  it('started the embedded server, which answers /health and the languages channel', async () => {
    expect(serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${serverUrl}/health`)).status).toBe(200);
    const languages = await handlerFor('languages:list')(trusted, {});
    expect(languages.ok).toBe(true);
    expect(languages.value).toHaveProperty('source_to_target');
  });

  it('keeps the key encrypted at rest and out of every reply', async () => {
    const vaultFile = JSON.parse(readFileSync(join(recorded.userData, 'vault.json'), 'utf8'));
    const encrypted = vaultFile.apiKeys.embedded as string;
    const flip = (buffer: Buffer) => Buffer.from(buffer.map((byte) => byte ^ 0x5a));
    const key = flip(Buffer.from(encrypted, 'base64')).toString();
    expect(key).toMatch(/^wb_/);
    expect(JSON.stringify(vaultFile)).not.toContain(key);
    for (const channel of [
      'app:get-info',
      'settings:get-connection',
      'languages:list',
      'settings:test-connection',
    ]) {
      expect(JSON.stringify(await handlerFor(channel)(trusted, {}))).not.toContain(key);
    }
    for (const [, payload] of recorded.windows[0]!.sent)
      expect(JSON.stringify(payload)).not.toContain(key);
  });

  it('stops the embedded server when the app quits', async () => {
    const event = { preventDefault: vi.fn() };
    for (const handler of recorded.appEvents.get('will-quit') ?? [])
      handler(...([event] as never[]));
    expect(event.preventDefault).toHaveBeenCalled();
    await until(() => (recorded.quitCount > 0 ? true : undefined), 'app.quit()');
    await expect(fetch(`${serverUrl}/health`)).rejects.toThrow();
  });
});

describe('the same channels through the web host', () => {
  let child: ChildProcess;
  let dataDir: string;
  let base: string;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wordbench-web-'));
    child = spawn(
      process.execPath,
      [join(outDir, 'web-host', 'index.js'), '--port', '0', '--data', dataDir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const address = await new Promise<string>((resolvePromise, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Wordbench web host: (\S+)/.exec(output);
        if (match?.[1]) resolvePromise(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`web host exited (${code}): ${output}`)));
    });
    const url = new URL(address);
    base = url.origin;
    token = url.searchParams.get('token')!;
  });

  afterAll(async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every contract channel (none is unknown)', async () => {
    // Every IPC input schema is closed, so this input is refused by each channel without effect.
    for (const channel of channels) {
      const response = await fetch(`${base}/ipc/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wordbench-token': token },
        // Deliberately invalid input: proves the channel exists without changing anything.
        body: JSON.stringify({ unexpected: true }),
      });
      const result = (await response.json()) as { ok: boolean; error?: { code: string } };
      expect(result.error?.code, channel).toBe('invalid-input');
    }
    const info = await fetch(`${base}/ipc/app%3Aget-info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wordbench-token': token },
      body: '{}',
    });
    expect(await info.json()).toMatchObject({ ok: true, value: { host: 'web' } });
  });
});
