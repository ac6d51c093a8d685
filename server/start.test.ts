import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './start';
import { basic, tempDir } from './test-support';

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string, bootstrapKey?: string) {
  const server = await startServer({
    dataDir,
    bootstrapKey,
    languages: () => ({ source_to_target: {}, code_to_name: {} }),
  });
  servers.push(server);
  return server;
}

describe('startServer', () => {
  it('creates the data folder, prints-once key, and serves on a free port', async () => {
    const dir = `${tempDir()}/nested/data`;
    dirs.push(dir);
    const server = await start(dir);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.createdKey).toMatch(/^wb_/);
    const key = server.createdKey!;
    const response = await fetch(`${server.url}/v2/languages`, {
      headers: { authorization: basic(key) },
    });
    expect(response.status).toBe(200);
    await server.close();
    await server.close();

    const again = await start(dir);
    expect(again.createdKey).toBeUndefined();
    expect((await fetch(`${again.url}/v2/languages?key=${key}`)).status).toBe(200);
  });

  it('uses the given bootstrap key and does not echo it', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const server = await start(dir, 'wb_given-key');
    expect(server.createdKey).toBeUndefined();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const response = await fetch(`${server.url}/v2/languages`, {
      headers: { key: 'wb_given-key' },
    });
    expect(response.status).toBe(200);
  });
});
