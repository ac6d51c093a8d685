import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliProcesses } from './cli/cli-process';
import { basic, tempDir } from './test-support';

// Issue 11: the database was created 0644 in its 0700 folder. Every file the server writes is
// 0600 and every folder 0700, even under a umask that takes nothing away.

const cli = cliProcesses();
const dirs: string[] = [];
afterEach(async () => {
  await cli.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `path: mode` of everything under `root`, folders marked with a trailing slash. */
function modesUnder(root: string): Record<string, string> {
  const modes: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const name = relative(root, path) + (entry.isDirectory() ? '/' : '');
    modes[name] = (statSync(path).mode & 0o777).toString(8);
  }
  return modes;
}

describe('data file modes', () => {
  it('keeps the database, its -wal and -shm, blobs and upload parts 0600 under umask 000', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const key = 'wb_modes-key';
    const { url } = await cli.serve(['--data', dir, '--bootstrap-key', key], { umask: 0o000 });
    const call = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, url), {
        ...init,
        headers: { authorization: basic(key), 'content-type': 'application/json', ...init.headers },
      });

    const uploaded = await call('/v2/files?name=a.txt', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'hello world',
    });
    expect(uploaded.status).toBe(201);
    const started = await call('/v2/upload/s3/multipart', {
      method: 'POST',
      body: JSON.stringify({ filename: 'big.txt', type: 'text/plain' }),
    });
    const { uploadId, key: s3Key } = (await started.json()) as { uploadId: string; key: string };
    const signed = await call(
      `/v2/upload/s3/multipart/${uploadId}/1?s3Key=${encodeURIComponent(s3Key)}&size=4`,
    );
    const { url: partUrl } = (await signed.json()) as { url: string };
    const part = await fetch(partUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'part',
    });
    expect(part.status).toBe(200);

    const modes = modesUnder(dir);
    const files = Object.keys(modes).filter((name) => !name.endsWith('/'));
    expect(files).toEqual(
      expect.arrayContaining([
        'wordbench.db',
        'wordbench.db-wal',
        'wordbench.db-shm',
        expect.stringMatching(/^blobs\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/),
        expect.stringMatching(/^blobs\/parts\/\d+\/1-[0-9a-f-]{36}$/),
      ]),
    );
    const expected = Object.fromEntries(
      Object.keys(modes).map((name) => [name, name.endsWith('/') ? '700' : '600']),
    );
    expect(modes).toEqual(expected);
  });
});
