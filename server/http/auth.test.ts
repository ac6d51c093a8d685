import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, revokeKey } from '../store/keys';
import { defaultUser } from '../store/bootstrap';
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
    const owner = defaultUser(t.db)!;
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
    const { key, id } = createKey(t.db, defaultUser(t.db)!.userId);
    expect((await t.app.inject({ url: '/v2/languages', headers: { key } })).statusCode).toBe(200);
    revokeKey(t.db, String(id));
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
