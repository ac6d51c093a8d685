import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, Events } from '../../shared/ipc/contract';
import type { AppCore } from '../main/app-core';
import { startWebHost, type WebHost } from './http-host';

type Listener = <E extends EventName>(event: E, payload: Events[E]) => void;

describe('web host', () => {
  let folder: string;
  let host: WebHost;
  let base: string;
  const token = 'test-token-123';
  const listeners = new Set<Listener>();
  const calls: Array<[string, unknown]> = [];
  const core: Pick<AppCore, 'dispatch' | 'subscribe'> = {
    dispatch: async (channel, input, context) => {
      calls.push([channel, input]);
      if (context?.body) {
        let size = 0;
        for await (const chunk of context.body) size += (chunk as Buffer).length;
        return { ok: true, value: { received: size } };
      }
      if (context?.deliver) {
        if ((input as { id: number }).id === 404) {
          return {
            ok: false,
            error: { code: 'not-found', status: 404, message: 'File 404 not found.' },
          };
        }
        const body = Readable.from([Buffer.from('héllo bytes')]);
        return {
          ok: true,
          value: await context.deliver({ name: 'Résumé "final".txt', size: 12, body }),
        };
      }
      return { ok: true, value: { echoed: channel } };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-webhost-'));
    mkdirSync(join(folder, 'assets'));
    writeFileSync(join(folder, 'index.html'), '<!doctype html><title>Wordbench</title>');
    writeFileSync(join(folder, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(tmpdir(), 'wordbench-outside.txt'), 'outside');
    host = await startWebHost({ core, staticDir: folder, token, port: 0 });
    base = new URL(host.url).origin;
  });
  afterAll(async () => {
    await host.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const call = (channel: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/ipc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wordbench-token': token, ...headers },
      body,
    });

  it('prints an address on 127.0.0.1 carrying the token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=test-token-123$/);
  });

  it('answers a channel with the dispatcher result', async () => {
    const response = await call('languages:list', '{}');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, value: { echoed: 'languages:list' } });
    expect(calls.at(-1)).toEqual(['languages:list', {}]);
  });

  it('refuses calls without the token or with a wrong one', async () => {
    const before = calls.length;
    expect((await call('languages:list', '{}', { 'x-wordbench-token': 'nope' })).status).toBe(401);
    const bare = await fetch(`${base}/ipc/languages%3Alist`, { method: 'POST', body: '{}' });
    expect(bare.status).toBe(401);
    expect(calls.length).toBe(before);
  });

  it('refuses cross-origin calls and foreign Host names', async () => {
    expect((await call('languages:list', '{}', { origin: 'http://evil.example' })).status).toBe(
      403,
    );
    const status = await new Promise<number>((resolve, reject) => {
      const { port } = new URL(base);
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          path: '/ipc/languages%3Alist',
          method: 'POST',
          headers: { host: `rebound.example:${port}`, 'x-wordbench-token': token },
        },
        (response) => resolve(response.statusCode ?? 0),
      );
      outgoing.on('error', reject);
      outgoing.end('{}');
    });
    expect(status).toBe(421);
  });

  it('answers malformed JSON with an invalid-input result and oversize input with 413', async () => {
    expect(await (await call('languages:list', '{oops')).json()).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect((await call('languages:list', 'x'.repeat(1024 * 1024 + 1))).status).toBe(413);
    // A replace in every segment of a long document is larger: its channel takes more.
    const batch = {
      document_id: 1,
      segments: [{ id: 1, target: 'x'.repeat(2 ** 21), expected_target: '' }],
    };
    expect((await call('segments:save-batch', JSON.stringify(batch))).status).toBe(200);
  });

  it('serves the renderer with security headers and never a file outside it', async () => {
    const index = await fetch(`${base}/`);
    expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await index.text()).toContain('<title>Wordbench</title>');
    expect(await (await fetch(`${base}/assets/app.js`)).text()).toBe('console.log(1)');
    const escaped = await fetch(`${base}/..%2F..%2Fwordbench-outside.txt`);
    expect(await escaped.text()).not.toContain('outside');
  });

  it('pushes events as server-sent events to token holders', async () => {
    expect((await fetch(`${base}/events`)).status).toBe(401);
    const controller = new AbortController();
    const response = await fetch(`${base}/events?token=${token}`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read(); // the ": connected" comment
    for (const listener of listeners) {
      listener('connection:changed', {
        mode: 'embedded',
        baseUrl: null,
        commentsBaseUrl: null,
        caCertificates: null,
        hasApiKey: true,
        vault: { kind: 'encrypted' },
        embedded: { state: 'starting' },
      });
    }
    const { value } = await reader.read();
    const text = new TextDecoder().decode(value);
    expect(text).toContain('event: connection:changed');
    expect(text).toContain('"state":"starting"');
    controller.abort();
  });

  it('streams an upload body to the channel with its input from the header', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024).fill(1);
    const input = { uploadId: 'upload-0001', name: 'big.bin' };
    const response = await fetch(`${base}/stream/files%3Aupload`, {
      method: 'POST',
      headers: {
        'x-wordbench-token': token,
        'x-wordbench-input': encodeURIComponent(JSON.stringify(input)),
        'content-type': 'application/octet-stream',
      },
      body: bytes,
    });
    expect(await response.json()).toEqual({ ok: true, value: { received: bytes.length } });
    expect(calls.at(-1)).toEqual(['files:upload', { size: bytes.length, ...input }]);
  });

  it('never lets a browser upload a file by path', async () => {
    const before = calls.length;
    const response = await fetch(`${base}/stream/files%3Aupload`, {
      method: 'POST',
      headers: {
        'x-wordbench-token': token,
        'x-wordbench-input': encodeURIComponent(
          JSON.stringify({ uploadId: 'upload-0002', name: 'x', path: '/etc/passwd' }),
        ),
      },
      body: 'x',
    });
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const viaJson = await call(
      'files:upload',
      JSON.stringify({ uploadId: 'upload-0003', name: 'x', path: '/etc/passwd' }),
    );
    expect(await viaJson.json()).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(calls.length).toBe(before);
  });

  it('serves a download as an attachment with its name, and a failure as an HTTP error', async () => {
    const input = encodeURIComponent(JSON.stringify({ id: 1 }));
    expect((await fetch(`${base}/stream/files%3Adownload?input=${input}`)).status).toBe(401);
    const response = await fetch(`${base}/stream/files%3Adownload?token=${token}&input=${input}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _final_.txt"; filename*=UTF-8''${encodeURIComponent('Résumé "final".txt')}`,
    );
    expect(await response.text()).toBe('héllo bytes');
    const missing = encodeURIComponent(JSON.stringify({ id: 404 }));
    const failed = await fetch(`${base}/stream/files%3Adownload?token=${token}&input=${missing}`);
    expect(failed.status).toBe(404);
    expect(await failed.json()).toMatchObject({
      ok: false,
      error: { message: 'File 404 not found.' },
    });
  });

  it('streams a document upload and download like the other transfer channels', async () => {
    const input = {
      uploadId: 'upload-doc-01',
      project_id: 3,
      name: 'guide.txt',
      pretranslate: 'TM',
    };
    const uploaded = await fetch(`${base}/stream/documents%3Aupload`, {
      method: 'POST',
      headers: {
        'x-wordbench-token': token,
        'x-wordbench-input': encodeURIComponent(JSON.stringify(input)),
      },
      body: 'One. Two.',
    });
    expect(await uploaded.json()).toEqual({ ok: true, value: { received: 9 } });
    expect(calls.at(-1)).toEqual(['documents:upload', { size: 9, ...input }]);
    const query = encodeURIComponent(JSON.stringify({ id: 1, is_xliff: false }));
    const downloaded = await fetch(
      `${base}/stream/documents%3Adownload?token=${token}&input=${query}`,
    );
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(calls.at(-1)).toEqual(['documents:download', { id: 1, is_xliff: false }]);
  });
});
