/**
 * The gateway against our server serving its own TLS (a real openssl certificate): certificates
 * are verified, a team's own authority can be trusted in Settings, and a key never goes to
 * another machine over plain HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestCertificate } from '../../../server/http/tls-test-support';
import { startServer, type RunningServer } from '../../../server/start';
import { createGateway, type GatewayTarget } from './gateway';
import { GatewayError } from './gateway-error';

const KEY = 'wb_gateway_tls_key_0123456789';
let dir: string;
let cert: Buffer;
let server: RunningServer;
let target: GatewayTarget;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wordbench-gateway-tls-'));
  const made = makeTestCertificate(dir);
  cert = made.cert;
  server = await startServer({
    dataDir: join(dir, 'data'),
    bootstrapKey: KEY,
    tls: made,
    logger: false,
    languages: () => ({ source_to_target: {}, code_to_name: {} }),
  });
  target = { baseUrl: server.url, commentsBaseUrl: `${server.url}/2`, apiKey: KEY };
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof GatewayError))
    throw new Error(`expected a GatewayError, got ${String(error)}`);
  return error;
}

describe('gateway over TLS', () => {
  it('refuses a certificate no trusted authority signed, and says what to do', async () => {
    const gateway = createGateway({ target: () => target });
    const error = await failure(gateway.json({ method: 'GET', path: '/v2/languages' }));
    expect(error.code).toBe('network');
    expect(error.hint).toMatch(/Trusted certificate authorities/);
  });

  it('trusts the team’s own authority from Settings', async () => {
    const gateway = createGateway({ target: () => ({ ...target, ca: cert.toString() }) });
    const languages = await gateway.json({ method: 'GET', path: '/v2/languages' });
    expect(languages).toHaveProperty('source_to_target');
  });

  it('never sends the key over plain HTTP to another machine', async () => {
    const sent: string[] = [];
    const recording = (async (url: string) => {
      sent.push(url);
      return new Response('{}');
    }) as unknown as typeof fetch;
    const remote = {
      baseUrl: 'http://192.0.2.10',
      commentsBaseUrl: 'http://192.0.2.10/2',
      apiKey: KEY,
    };
    const gateway = createGateway({ target: () => remote, fetch: recording });
    const error = await failure(gateway.json({ method: 'GET', path: '/v2/projects' }));
    expect(error.code).toBe('not-configured');
    expect(error.message).toMatch(/Not sending the API key to http:\/\/192\.0\.2\.10/);
    expect(sent).toEqual([]);
    // Loopback stays allowed (the embedded server), and a call without the key may go anywhere.
    const local = createGateway({
      target: () => ({ ...remote, baseUrl: 'http://127.0.0.1:9' }),
      fetch: recording,
    });
    await local.json({ method: 'GET', path: '/v2/projects' });
    await gateway.health().catch(() => undefined);
    expect(sent).toEqual(['http://127.0.0.1:9/v2/projects', 'http://192.0.2.10/health']);
  });
});
