import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KILL_TEST_KEY as KEY, serverProcesses, tempBytes, until } from './kill-support';
import { filesUnder } from './files/test-support';
import { tempDir } from './test-support';

// The real CLI in its own process, so SIGKILL is a real crash: no handler, no clean-up. More
// moments (imports, documents, signed uploads) are in kill-moments.test.ts.
const processes = serverProcesses();
const dirs: string[] = [];

afterEach(() => {
  processes.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const serve = (dataDir: string) => processes.serve(dataDir);

describe('an upload interrupted by a crash', () => {
  it('leaves no file record and no blob once the server is back', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const first = await serve(dataDir);

    // A 256 MiB upload, streamed in 1 MiB chunks as fast as the socket takes them.
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const { hostname, port } = new URL(first.url);
    const upload = request({
      host: hostname,
      port,
      method: 'POST',
      path: '/v2/files?name=big.bin&langId=true',
      headers: {
        key: KEY,
        'content-type': 'application/octet-stream',
        'content-length': String(256 * chunk.length),
      },
    });
    const outcome = new Promise<string>((resolve) => {
      upload.on('error', (error) => resolve(`error: ${error.message}`));
      upload.on('response', (response) => resolve(`status ${response.statusCode}`));
    });
    let sent = 0;
    const pump = () => {
      while (sent < 256 && !upload.destroyed) {
        sent += 1;
        if (!upload.write(chunk)) {
          upload.once('drain', pump);
          return;
        }
      }
    };
    pump();

    // Kill it once a good part of the body has reached the disk, but not all of it.
    await until(() => tempBytes(dataDir) >= 16 * chunk.length, 'the upload to reach the disk');
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    expect(await outcome).toMatch(/^error: /);
    expect(tempBytes(dataDir)).toBeGreaterThan(0);
    expect(tempBytes(dataDir)).toBeLessThan(256 * chunk.length);

    const second = await serve(dataDir);
    expect(filesUnder(join(dataDir, 'blobs'))).toEqual([]);
    const listed = await fetch(`${second.url}/v2/files`, { headers: { key: KEY } });
    expect(await listed.json()).toEqual([]);
    const uploadsList = await fetch(`${second.url}/v2/upload`, { headers: { key: KEY } });
    expect(await uploadsList.json()).toEqual([]);
    const stopped = new Promise((resolve) => second.child.once('exit', resolve));
    second.child.kill('SIGTERM');
    await stopped;
  });
});
