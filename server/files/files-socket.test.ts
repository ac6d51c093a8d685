import { readdirSync, rmSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../start';
import { tempDir, TEST_KEY } from '../test-support';
import { filesUnder } from './test-support';
import { until } from '../until-test-support';

// Streaming only shows its true colours over a socket: inject buffers nothing, but fakes the wire.
let server: RunningServer | undefined;
let dir: string;
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function start(maxUploadBytes?: number) {
  dir = tempDir();
  server = await startServer({
    dataDir: dir,
    bootstrapKey: TEST_KEY,
    maxUploadBytes,
    languages: () => ({ source_to_target: {}, code_to_name: {} }),
  });
  return server;
}

function post(url: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(url);
  return request({
    host: hostname,
    port,
    method: 'POST',
    path,
    headers: { key: TEST_KEY, 'content-type': 'application/octet-stream', ...headers },
  });
}

const body = (response: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    response.on('data', (chunk: Buffer) => (text += chunk.toString()));
    response.on('end', () => resolve(text));
  });

describe('POST /v2/files over a socket', () => {
  it('streams a chunked upload of many chunks to one file', async () => {
    const { url } = await start();
    const req = post(url, '/v2/files?name=stream.bin');
    const chunk = Buffer.alloc(64 * 1024, 0x62);
    for (let i = 0; i < 64; i += 1) req.write(chunk);
    const response = await new Promise<IncomingMessage>((resolve) => {
      req.on('response', resolve);
      req.end();
    });
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(await body(response))).toMatchObject({ size: 64 * chunk.length });
  });

  it('keeps nothing when the client goes away mid-body', async () => {
    const { url } = await start();
    const req = post(url, '/v2/files?name=gone.bin', { 'content-length': String(8 * 1024 * 1024) });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(1024 * 1024));
    const tmp = join(dir, 'blobs', 'tmp');
    await until(() => readdirSync(tmp).length > 0);
    req.destroy();
    await until(() => readdirSync(tmp).length === 0);
    expect(filesUnder(join(dir, 'blobs'))).toEqual([]);
    const listed = await fetch(`${url}/v2/files`, { headers: { key: TEST_KEY } });
    expect(await listed.json()).toEqual([]);
  });

  it('answers 413 to a streamed body that outgrows the limit, and keeps nothing', async () => {
    const { url } = await start(1024 * 1024);
    const req = post(url, '/v2/files?name=big.bin');
    req.on('error', () => undefined);
    const response = new Promise<IncomingMessage>((resolve) => req.on('response', resolve));
    const chunk = Buffer.alloc(256 * 1024);
    let written = 0;
    const pump = () => {
      while (written < 8 && !req.destroyed) {
        written += 1;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    pump();
    const answer = await response;
    expect(answer.statusCode).toBe(413);
    expect(JSON.parse(await body(answer))).toEqual({
      message: 'The file is larger than the upload limit of 1048576 bytes',
    });
    req.destroy();
    expect(filesUnder(join(dir, 'blobs'))).toEqual([]);
  });
});
