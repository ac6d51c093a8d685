import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start';
import { createGateway, type GatewayTarget } from './gateway';
import { GatewayError } from './gateway-error';

const KEY = 'wb_gateway_test_key_0123456789';

async function caught(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
}

describe('gateway against the real embedded server', () => {
  let dataDir: string;
  let server: RunningServer;
  let target: GatewayTarget;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wordbench-gateway-'));
    server = await startServer({
      dataDir,
      bootstrapKey: KEY,
      // A tiny quota with one-second windows and blocks, so the 429 retry is observable quickly.
      quota: { limit: 5, windowMs: 1_000, blockMs: 1_000 },
      logger: false,
    });
    target = { baseUrl: server.url, commentsBaseUrl: `${server.url}/2`, apiKey: KEY };
  });
  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the key as Basic key:key and parses JSON', async () => {
    const gateway = createGateway({ target: () => target });
    const languages = await gateway.json<{ source_to_target: object }>({
      method: 'GET',
      path: '/v2/languages',
    });
    expect(languages).toHaveProperty('source_to_target');
  });

  it('reads /health without credentials', async () => {
    const gateway = createGateway({ target: () => ({ ...target, apiKey: 'wrong' }) });
    expect(await gateway.health()).toMatchObject({ status: 'ok' });
  });

  it('turns a refused key into an unauthorized error with a hint', async () => {
    const gateway = createGateway({ target: () => ({ ...target, apiKey: 'wb_wrong_key' }) });
    const error = await caught(gateway.json({ method: 'GET', path: '/v2/languages' }));
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(error.hint).toMatch(/API key/);
  });

  it("carries the server's own message for a 404", async () => {
    const gateway = createGateway({ target: () => target });
    const error = await caught(gateway.json({ method: 'GET', path: '/v2/nothing-here' }));
    expect(error).toMatchObject({ code: 'not-found', status: 404 });
    expect(error.message).toMatch(/nothing-here/);
  });

  it('waits as Retry-After asks and retries after a 429', async () => {
    const waits: number[] = [];
    const gateway = createGateway({
      target: () => target,
      sleep: (ms) => {
        waits.push(ms);
        return new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    // Use up the quota (5 per window; some were spent above), then one more call must wait.
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => gateway.json({ method: 'GET', path: '/v2/languages' })),
    );
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((ms) => ms === 1_000)).toBe(true);
  });
});

describe('gateway against scripted answers', () => {
  let scripted: Server;
  let base: string;
  let behaviour: (url: string) => {
    status: number;
    headers?: Record<string, string>;
    body?: string;
    delayMs?: number;
  };

  beforeAll(async () => {
    scripted = createServer((request, response) => {
      const answer = behaviour(request.url ?? '/');
      setTimeout(() => {
        response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(scripted.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => scripted.close(() => resolve())));

  const gatewayFor = (options: Partial<Parameters<typeof createGateway>[0]> = {}) =>
    createGateway({
      target: () => ({ baseUrl: base, commentsBaseUrl: `${base}/2`, apiKey: 'k' }),
      ...options,
    });

  it('gives up at once when Retry-After is longer than it may wait, saying how long', async () => {
    behaviour = () => ({
      status: 429,
      headers: { 'retry-after': '60' },
      body: '{"message":"Rate limit exceeded"}',
    });
    const error = await caught(
      gatewayFor({ maxRetryWaitMs: 5_000 }).json({ method: 'GET', path: '/v2/x' }),
    );
    expect(error).toMatchObject({ code: 'rate-limited', status: 429, retryAfterSeconds: 60 });
    expect(error.hint).toMatch(/60 seconds/);
  });

  it('stops retrying after maxRetries', async () => {
    let count = 0;
    behaviour = () => {
      count += 1;
      return { status: 429, headers: { 'retry-after': '0' } };
    };
    await caught(gatewayFor({ maxRetries: 2 }).json({ method: 'GET', path: '/v2/x' }));
    expect(count).toBe(3);
  });

  it('times out a server that does not answer', async () => {
    behaviour = () => ({ status: 200, body: '{}', delayMs: 2_000 });
    const error = await caught(
      gatewayFor({ timeoutMs: 200 }).json({ method: 'GET', path: '/v2/x' }),
    );
    expect(error.code).toBe('timeout');
  });

  it('reports a server that is not there as a network error naming it', async () => {
    const gateway = createGateway({
      target: () => ({
        baseUrl: 'http://127.0.0.1:9',
        commentsBaseUrl: 'http://127.0.0.1:9/2',
        apiKey: 'k',
      }),
    });
    const error = await caught(gateway.json({ method: 'GET', path: '/v2/x' }));
    expect(error.code).toBe('network');
    expect(error.message).toContain('127.0.0.1:9');
  });

  it('refuses an answer that is not JSON', async () => {
    behaviour = () => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<html>login</html>',
    });
    const error = await caught(gatewayFor().json({ method: 'GET', path: '/v2/x' }));
    expect(error.code).toBe('server');
  });

  it('sends comment calls to the comments base and binary answers as bytes', async () => {
    let seen = '';
    behaviour = (url) => {
      seen = url;
      return { status: 200, body: 'abc' };
    };
    const bytes = await gatewayFor().bytes({
      method: 'GET',
      path: '/comments',
      base: 'comments',
      query: { document_id: 4, ids: [1, 2] },
    });
    expect(new TextDecoder().decode(bytes)).toBe('abc');
    expect(seen).toBe('/2/comments?document_id=4&ids=1%2C2');
  });

  it('maps a 5xx to a server error carrying the message', async () => {
    behaviour = () => ({ status: 500, body: '{"message":"Internal error (request id r1)"}' });
    const error = await caught(gatewayFor().json({ method: 'GET', path: '/v2/x' }));
    expect(error).toMatchObject({
      code: 'server',
      status: 500,
      message: 'Internal error (request id r1)',
    });
  });
});

describe('gateway streamed uploads', () => {
  let server: Server;
  let base: string;
  let received: number[];
  let refuseFirst: boolean;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let size = 0;
      request.on('data', (chunk: Buffer) => (size += chunk.length));
      request.on('end', () => {
        received.push(size);
        if (refuseFirst) {
          refuseFirst = false;
          response.writeHead(429, { 'retry-after': '0' }).end();
          return;
        }
        response
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ size }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const gateway = () =>
    createGateway({ target: () => ({ baseUrl: base, commentsBaseUrl: base, apiKey: 'k' }) });
  const chunks = (count: number, size: number) => () =>
    Readable.from(Array.from({ length: count }, () => Buffer.alloc(size, 7)));

  it('streams the body and reports progress up to the total', async () => {
    received = [];
    refuseFirst = false;
    const progress: number[] = [];
    const answer = await gateway().json<{ size: number }>({
      method: 'POST',
      path: '/v2/files',
      upload: {
        open: chunks(64, 64 * 1024),
        size: 64 * 64 * 1024,
        onProgress: (sent) => progress.push(sent),
      },
    });
    expect(answer.size).toBe(4 * 1024 * 1024);
    expect(progress.at(-1)).toBe(4 * 1024 * 1024);
    expect(progress.length).toBeGreaterThan(1);
  });

  it('reopens the source when a 429 makes it retry', async () => {
    received = [];
    refuseFirst = true;
    let opened = 0;
    const open = chunks(4, 1024);
    await gateway().json({
      method: 'POST',
      path: '/v2/files',
      upload: { open: () => (opened++, open()), size: 4096 },
    });
    expect(opened).toBe(2);
    expect(received).toEqual([4096, 4096]);
  });

  it('fails in words when the source cannot be read', async () => {
    const error = await caught(
      gateway().json({
        method: 'POST',
        path: '/v2/files',
        upload: {
          open: () =>
            new Readable({
              read() {
                this.destroy(new Error('disk gone'));
              },
            }),
        },
      }),
    );
    expect(error.code).toBe('bad-request');
    expect(error.message).toMatch(/Could not read the file being uploaded: disk gone/);
  });
});

describe('gateway streamed downloads', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url?.startsWith('/chunked')) {
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.write('part one, ');
        setTimeout(() => response.end('part two'), 20);
        return;
      }
      response.writeHead(200, { 'content-length': '5' }).end('fixed');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const read = async (body: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  it('reports an unknown size for a chunked answer, and its whole body', async () => {
    const gateway = createGateway({
      target: () => ({ baseUrl: base, commentsBaseUrl: base, apiKey: 'k' }),
    });
    const chunked = await gateway.download({ method: 'GET', path: '/chunked' });
    expect(chunked.size).toBeUndefined();
    expect(await read(chunked.body)).toBe('part one, part two');
    const fixed = await gateway.download({ method: 'GET', path: '/fixed' });
    expect(fixed.size).toBe(5);
    expect(await read(fixed.body)).toBe('fixed');
  });
});
