import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../shared/api/memories';
import { apiClient, createTestApp, snapshot, type TestApp } from '../test-support';

const T = 1_760_000_000;
let t: TestApp;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T * 1000);
});
afterEach(() => vi.useRealTimers());

async function createMemory(body: object = {}): Promise<Memory> {
  const response = await api.post('/v2/memories', {
    name: 'English to German',
    srclang: 'en',
    trglang: 'de',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('/v2/memories', () => {
  it('creates a memory and lists it, alone as an array when asked by id', async () => {
    const memory = await createMemory({ srclocale: 'US', trglocale: 'AT' });
    expect(memory).toEqual({
      id: expect.any(Number),
      name: 'English to German',
      srclang: 'en',
      trglang: 'de',
      srclocale: 'US',
      trglocale: 'AT',
      is_processing: false,
      version: 1,
      created_at: T,
      updated_at: T,
      resources: [],
      num_segments: 0,
      num_terms: 0,
      last_import_error: null,
    });
    const other = await createMemory({ name: 'Other' });
    expect(other.srclocale).toBeNull();
    const all = (await api.get('/v2/memories')).json<Memory[]>();
    expect(all.map((m) => m.id)).toEqual(expect.arrayContaining([memory.id, other.id]));
    expect((await api.get(`/v2/memories?id=${memory.id}`)).json()).toEqual([memory]);
  });

  it('answers 404 naming an unknown memory', async () => {
    const response = await api.get('/v2/memories?id=12345');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Memory 12345 not found' });
  });

  it('renames a memory and bumps updated_at, keeping its version', async () => {
    const memory = await createMemory();
    vi.setSystemTime((T + 30) * 1000);
    const response = await api.put('/v2/memories', { id: memory.id, name: 'Renamed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...memory, name: 'Renamed', updated_at: T + 30 });
    const missing = await api.put('/v2/memories', { id: 12345, name: 'Nobody' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Memory 12345 not found' });
  });

  it('deletes a memory that no project uses', async () => {
    const memory = await createMemory();
    const response = await api.delete(`/v2/memories?id=${memory.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: memory.id, deleted: true });
    expect((await api.get(`/v2/memories?id=${memory.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/v2/memories?id=${memory.id}`)).statusCode).toBe(404);
  });

  it('refuses with 409 to delete a memory that projects use, saying how many', async () => {
    const memory = await createMemory();
    const ids: number[] = [];
    for (const name of ['One', 'Two']) {
      const project = await api.post('/v2/projects', { name, memory_id: memory.id });
      ids.push(project.json<{ id: number }>().id);
    }
    const before = await snapshot(t.storage);
    const response = await api.delete(`/v2/memories?id=${memory.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: `Memory ${memory.id} is used by 2 projects; delete them first`,
    });
    expect(await snapshot(t.storage)).toEqual(before);
    await api.delete(`/v2/projects?id=${ids[0]}`);
    expect((await api.delete(`/v2/memories?id=${memory.id}`)).json().message).toMatch(
      /used by 1 project; delete it first/,
    );
    await api.delete(`/v2/projects?id=${ids[1]}`);
    expect((await api.delete(`/v2/memories?id=${memory.id}`)).statusCode).toBe(200);
  });

  it.each([
    ['POST', { srclang: 'en', trglang: 'de' }, 'body field name: is required'],
    ['POST', { name: 'M', trglang: 'de' }, 'body field srclang: is required'],
    ['POST', { name: 'M', srclang: 'en' }, 'body field trglang: is required'],
    ['POST', { name: 'M', srclang: 'English', trglang: 'de' }, 'body field srclang: must be an'],
    ['POST', { name: 7, srclang: 'en', trglang: 'de' }, 'body field name: must be string'],
    ['POST', { name: 'M', srclang: 'en', trglang: 'de', trglocale: 'a b' }, 'trglocale: must be'],
    ['PUT', { name: 'M' }, 'body field id: is required'],
    ['PUT', { id: 1 }, 'body field name: is required'],
    ['PUT', { id: '1', name: 'M' }, 'body field id: must be integer'],
  ] as const)('%s %j: 400 naming the field, nothing changed', async (method, body, message) => {
    await createMemory();
    const before = await snapshot(t.storage);
    const response =
      method === 'POST'
        ? await api.post('/v2/memories', body)
        : await api.put('/v2/memories', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await snapshot(t.storage)).toEqual(before);
  });

  it.each([
    ['GET', '?id=abc', 'query parameter id: must be integer'],
    ['DELETE', '?id=abc', 'query parameter id: must be integer'],
    ['DELETE', '', 'query parameter id: is required'],
  ] as const)('%s %s: 400 naming the parameter', async (method, query, message) => {
    const before = await snapshot(t.storage);
    const response =
      method === 'GET'
        ? await api.get(`/v2/memories${query}`)
        : await api.delete(`/v2/memories${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await snapshot(t.storage)).toEqual(before);
  });
});
