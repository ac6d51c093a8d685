/**
 * HTTPS of the server's own (--tls-cert, --tls-key) with a real certificate made by openssl, and
 * the refusal to serve plain HTTP beyond loopback.
 */
import { existsSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './start';
import { makeTestCertificate } from './http/tls-test-support';
import { tempDir } from './test-support';

const KEY = 'wb_tls-test-key-0123456789';
let dir: string;
let cert: Buffer;
let key: Buffer;

/** GET over HTTPS trusting only `ca`: the status, or the TLS error's code. */
function httpsGet(url: string, ca: Buffer | undefined): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { ca, headers: { key: KEY } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

beforeAll(() => {
  dir = tempDir();
  ({ cert, key } = makeTestCertificate(dir));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startServer with TLS', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      dataDir: join(dir, 'data'),
      bootstrapKey: KEY,
      tls: { cert, key },
      languages: () => ({ source_to_target: {}, code_to_name: {} }),
    });
  });
  afterAll(() => server.close());

  it('serves HTTPS that a client trusting the certificate verifies', async () => {
    expect(server.url).toBe(`https://127.0.0.1:${server.port}`);
    expect(await httpsGet(`${server.url}/v2/languages`, cert)).toBe(200);
  });

  it('is refused by a client that does not trust the certificate', async () => {
    expect(await httpsGet(`${server.url}/health`, undefined)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });

  it('does not answer plain HTTP on its port', async () => {
    const plain = await fetch(`http://127.0.0.1:${server.port}/health`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect(plain).not.toBe(200);
  });
});

describe('startServer beyond loopback', () => {
  it('refuses plain HTTP on a non-loopback address, before touching the data folder', async () => {
    const dataDir = join(dir, 'never');
    await expect(startServer({ dataDir, host: '0.0.0.0', port: 0 })).rejects.toThrow(
      /Refusing to listen on 0\.0\.0\.0 over plain HTTP/,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('listens there with TLS, or when told that a proxy in front terminates it', async () => {
    const languages = () => ({ source_to_target: {}, code_to_name: {} });
    for (const transport of [{ tls: { cert, key } }, { behindTlsProxy: true }]) {
      const server = await startServer({
        dataDir: join(dir, 'wide'),
        host: '0.0.0.0',
        languages,
        ...transport,
      });
      await server.close();
    }
  });
});
