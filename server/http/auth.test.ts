import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, revokeKey } from '../db/keys';
import { defaultUser } from '../db/bootstrap';
import { basic, createTestApp, TEST_KEY, type TestApp } from '../test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Echoes who the auth hook resolved, and what query the route sees.
  t.app.get('/test/whoami', async (request) => ({ auth: request.auth, query: request.query }));
});

afterAll(() => t.close());

function expectUnauthorized(response: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(response.statusCode).toBe(401);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  expect(response.headers['www-authenticate']).toBe('Basic realm="wordbench"');
  expect(response.headers['x-request-id']).toBeTruthy();
  expect(response.body).toBe('Unauthorized');
}

describe('authentication', () => {
  it.each([
    ['Basic key:key', { headers: { authorization: basic(TEST_KEY) } }],
    ['the key query parameter', { query: { key: TEST_KEY } }],
    ['the key header', { headers: { key: TEST_KEY } }],
    ['Bearer', { headers: { authorization: `Bearer ${TEST_KEY}` } }],
  ])('accepts %s', async (_name, credentials) => {
    const response = await t.app.inject({ url: '/v2/languages', ...credentials });
    expect(response.statusCode).toBe(200);
  });

  it('tells routes who is calling and hides the key query parameter from them', async () => {
    const response = await t.app.inject({ url: '/test/whoami', query: { key: TEST_KEY, a: '1' } });
    const owner = (await defaultUser(t.storage.db))!;
    expect(response.json()).toEqual({
      auth: { keyId: expect.any(Number), userId: owner.userId, orgId: owner.orgId },
      query: { a: '1' },
    });
  });

  it.each([
    ['no key', {}],
    ['a wrong key', { headers: { authorization: basic('wb_wrong') } }],
    ['a wrong query key', { query: { key: 'wb_wrong' } }],
    ['a wrong header key', { headers: { key: 'wb_wrong' } }],
    ['a wrong Bearer token', { headers: { authorization: 'Bearer wb_wrong' } }],
    [
      'Basic with a different user and password',
      { headers: { authorization: basic(TEST_KEY, 'x') } },
    ],
    ['Basic without a password', { headers: { authorization: basic(TEST_KEY, '') } }],
    ['Basic that is not base64 of user:password', { headers: { authorization: 'Basic !!!' } }],
  ])('refuses %s with a plain-text 401', async (_name, credentials) => {
    expectUnauthorized(await t.app.inject({ url: '/v2/languages', ...credentials }));
  });

  it('refuses a revoked key', async () => {
    const { key, id } = await createKey(t.storage.db, (await defaultUser(t.storage.db))!.userId);
    expect((await t.app.inject({ url: '/v2/languages', headers: { key } })).statusCode).toBe(200);
    await revokeKey(t.storage, String(id));
    expectUnauthorized(await t.app.inject({ url: '/v2/languages', headers: { key } }));
  });

  it('lets the first credential decide: a bad Authorization is not rescued by a good query key', async () => {
    const response = await t.app.inject({
      url: '/v2/languages',
      query: { key: TEST_KEY },
      headers: { authorization: basic('wb_wrong') },
    });
    expectUnauthorized(response);
  });

  it('answers /health and /openapi.json without a key', async () => {
    const health = await t.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', version: expect.any(String) });
    expect((await t.app.inject({ url: '/openapi.json' })).statusCode).toBe(200);
  });

  it('asks for a key before saying whether a route exists', async () => {
    expectUnauthorized(await t.app.inject({ url: '/v2/nothing-here' }));
  });
});

describe('throttling failed authentication', () => {
  it('by default, answers the 21st wrong key in a minute from one address with 429', async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 200; i++) {
      const { statusCode } = await t.app.inject({
        url: '/v2/languages',
        headers: { authorization: basic(`wb_guess-${i}`) },
        remoteAddress: '203.0.113.9',
      });
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: 20, 429: 180 });
  });

  let clock = 0;
  let th: TestApp;
  const wrong = (remoteAddress = '127.0.0.1') =>
    th.app.inject({ url: '/v2/languages', headers: { key: 'wb_wrong' }, remoteAddress });

  beforeAll(async () => {
    th = await createTestApp({
      authThrottle: { maxFailures: 5, windowMs: 60_000, maxAddresses: 100 },
      now: () => clock,
    });
  });
  afterAll(() => th.close());

  it('answers 429 with Retry-After past the limit, and still serves a valid key', async () => {
    clock = Date.UTC(2030, 0, 1);
    const start = clock;
    for (let i = 0; i < 5; i++) {
      expectUnauthorized(await wrong());
      clock += 1_000;
    }
    clock = start + 10_000;
    const refused = await wrong();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.json()).toEqual({
      message:
        'Too many failed authentications from this address (at most 5 per minute). Retry after 50 seconds.',
    });
    // The same address with a valid key, in each credential form, is served at once.
    for (const credentials of [
      { headers: { authorization: basic(TEST_KEY) } },
      { query: { key: TEST_KEY } },
      { headers: { key: TEST_KEY } },
    ]) {
      const ok = await th.app.inject({ url: '/v2/languages', ...credentials });
      expect(ok.statusCode).toBe(200);
    }
    // Other addresses, public routes and requests with no credential are not affected.
    expectUnauthorized(await wrong('192.0.2.1'));
    expect((await th.app.inject({ url: '/health' })).statusCode).toBe(200);
    expect((await th.app.inject({ url: '/openapi.json' })).statusCode).toBe(200);
    expectUnauthorized(await th.app.inject({ url: '/v2/languages' }));
    // The window slides: each failure leaves it 60 s after it was made, one at a time.
    clock = start + 60_000;
    expectUnauthorized(await wrong());
    const again = await wrong();
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('1');
  });

  it('counts every malformed credential as a failure', async () => {
    clock = Date.UTC(2031, 0, 1);
    const from = { remoteAddress: '198.51.100.4' };
    const attempts = [
      { headers: { authorization: basic(TEST_KEY, 'x') } },
      { headers: { authorization: 'Basic !!!' } },
      { headers: { authorization: 'Digest x' } },
      { query: { key: '' } },
      { headers: { authorization: 'Bearer ' } },
    ];
    for (const attempt of attempts) {
      expectUnauthorized(await th.app.inject({ url: '/v2/languages', ...from, ...attempt }));
    }
    const response = await th.app.inject({ url: '/v2/languages', ...from, ...attempts[0] });
    expect(response.statusCode).toBe(429);
  });
});
