import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, snapshot, TEST_KEY, type TestApp } from '../test-support';
import { undecodableQueryPart } from './strict-query';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('query strings that do not decode', () => {
  it.each(['name=%FF.txt', 'filename=%ED%A0%80.txt&type=x', 'a=%', 'a=%zz', '%E2%82=1'])(
    'finds the bad part of %s',
    (query) => {
      expect(undecodableQueryPart(query)).not.toBeNull();
    },
  );

  it.each(['name=caf%C3%A9.txt', 'a=b+c&d=%2F', 'id=1,2', '', 'a=100%25'])(
    'accepts %s',
    (query) => {
      expect(undecodableQueryPart(query)).toBeNull();
    },
  );

  it('answers 400 naming the part and changes nothing', async () => {
    const before = await snapshot(t.storage);
    const response = await apiClient(t.app).post('/v2/files?name=%FF.txt', 'bytes');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Malformed query string: "%FF.txt" is not valid percent-encoded UTF-8',
    });
    expect(await snapshot(t.storage)).toEqual(before);
    const files = await apiClient(t.app).get('/v2/files');
    expect(files.json()).toEqual([]);
  });

  it('still decodes good names', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/files?name=caf%C3%A9.txt',
      headers: { key: TEST_KEY, 'content-type': 'application/octet-stream' },
      payload: 'bytes',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().name).toBe('café.txt');
  });
});
