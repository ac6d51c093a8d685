import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory, postImport } from './test-support';
import { countRows, createTestApp, type TestApp } from '../test-support';

// The memory import takes its file name by the same rule as every other upload route.
let t: TestApp;
let memoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  memoryId = (await createMemory(t.app)).id;
});
afterAll(() => t.close());

const CSV = 'source,target\nHello,Hola\n';
const tasks = () => countRows(t.storage.db, 'memory_tasks');

describe('POST /v2/memories/import file names', () => {
  it.each([
    ['../x.csv', /must be a file name, not a path/],
    ['a%2Fb.csv', /must be a file name, not a path/],
    ['a%00b.csv', /must be a file name, not a path/],
    ['a%0D%0Ab.csv', /must be a file name, not a path/],
    ['.', /must be a file name, not a path/],
  ])('refuses the name header %j with a 400, importing nothing', async (name, message) => {
    const before = await tasks();
    const response = await postImport(t.app, { memory_id: String(memoryId), name }, CSV);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await tasks()).toEqual(before);
  });

  it.each([
    [{ memory_id: 0, name: 'a\r\nb.csv' }, /must be a file name, not a path/],
    [{ memory_id: 0, name: 'x\udc00.csv' }, /is not valid Unicode text/],
    [{ memory_id: 0, name: 'a\u0085b.csv' }, /must be a file name, not a path/],
  ])('refuses the LILT-API name of %j', async (fields, message) => {
    const json = JSON.stringify({ ...fields, memory_id: memoryId }).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const response = await postImport(t.app, { 'lilt-api': json }, CSV);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('still takes a plain or percent-encoded name', async () => {
    const response = await postImport(
      t.app,
      { memory_id: String(memoryId), name: 'caf%C3%A9.csv' },
      CSV,
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});
