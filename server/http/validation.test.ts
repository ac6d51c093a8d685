import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, type TestApp } from '../test-support';

describe('request validation', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    testApp.app.post(
      '/test/echo',
      {
        schema: {
          querystring: Type.Object({
            id: Type.Optional(Type.Integer()),
            flag: Type.Optional(Type.Boolean()),
          }),
          body: Type.Object({ name: Type.String(), count: Type.Optional(Type.Integer()) }),
        },
      },
      async (request) => ({ query: request.query, body: request.body }),
    );
  });
  afterAll(() => testApp.close());

  const post = (url: string, body: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { authorization: basic(testApp.key), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('coerces query parameters, which arrive as text', async () => {
    const response = await post('/test/echo?id=7&flag=true', { name: 'a' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ query: { id: 7, flag: true } });
  });

  it('refuses a body field of the wrong type instead of converting it, naming the field', async () => {
    const response = await post('/test/echo', { name: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/name/);
    const count = await post('/test/echo', { name: 'a', count: '3' });
    expect(count.statusCode).toBe(400);
    expect(count.json().message).toMatch(/count/);
  });

  it('refuses a query parameter that cannot be a number, naming it', async () => {
    const response = await post('/test/echo?id=abc', { name: 'a' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/id/);
  });
});
