import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_KEY, type TestApp } from '../test-support';
import { notFound } from './http-error';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ bodyLimit: 1024 });
  const body = Type.Object({
    name: Type.String(),
    state: Type.Optional(Type.Union([Type.Literal('backlog'), Type.Literal('done')])),
    flag: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')])),
  });
  const querystring = Type.Object({ id: Type.Integer() });
  t.app.post('/test/echo', { schema: { body, querystring } }, async (request) => request.body);
  t.app.get('/test/missing', async () => {
    throw notFound('Project 42 not found');
  });
  t.app.get('/test/bug', async () => {
    throw new Error('secret internals at /home/dev/app.ts:12');
  });
});

afterAll(() => t.close());

const post = (payload: string, headers: Record<string, string> = {}, url = '/test/echo?id=1') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { key: TEST_KEY, 'content-type': 'application/json', ...headers },
    payload,
  });

describe('error shape', () => {
  it('answers an unknown route with a JSON 404 that names it, and a request id', async () => {
    const response = await t.app.inject({ url: '/v2/nope?key=' + TEST_KEY });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.json()).toEqual({ message: 'Route GET /v2/nope not found' });
  });

  it('answers malformed JSON with 400 and the parser position', async () => {
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Malformed JSON body: .*JSON/);
  });

  it('refuses prototype-poisoning keys as malformed', async () => {
    const response = await post('{"name":"a","__proto__":{"x":1}}');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Malformed JSON body: .*__proto__/);
  });

  it('names the field of a validation error', async () => {
    // Fastify's Ajv coerces scalars (5 -> "5"), so the wrong type here is an object.
    expect((await post('{"name": {}}')).json()).toEqual({
      message: 'body field name: must be string',
    });
    expect((await post('{}')).json()).toEqual({ message: 'body field name: is required' });
    expect((await post('{"name":"a","state":"nope"}')).json()).toEqual({
      message: 'body field state: must be one of backlog, done',
    });
    expect((await post('{"name":"a","flag":"yes"}')).json()).toEqual({
      message: 'body field flag: must be boolean or one of true, false',
    });
    const query = await post('{"name":"a"}', {}, '/test/echo?id=abc');
    expect(query.json()).toEqual({ message: 'query parameter id: must be integer' });
  });

  it('answers 413 for a body over the limit and 415 for an unsupported content type', async () => {
    const big = await post(JSON.stringify({ name: 'x'.repeat(2000) }));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/1024 bytes/);
    const xml = await post('<name/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toMatch(/application\/xml/);
  });

  it('passes deliberate HTTP errors through', async () => {
    const response = await t.app.inject({ url: '/test/missing', headers: { key: TEST_KEY } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Project 42 not found' });
  });

  it('answers a bug with 500 and the request id, never the stack or message', async () => {
    const response = await t.app.inject({
      url: '/test/bug',
      headers: { key: TEST_KEY, 'x-request-id': 'trace-123' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('trace-123');
    expect(response.json()).toEqual({
      message: 'Internal error (request id trace-123)',
      requestId: 'trace-123',
    });
    expect(response.body).not.toMatch(/secret|app\.ts/);
  });

  it('replaces an incoming request id that is not a sane token', async () => {
    const response = await t.app.inject({
      url: '/health',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
