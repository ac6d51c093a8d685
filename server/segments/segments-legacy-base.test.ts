import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../memories/test-support';
import { apiClient, createTestApp, type TestApp } from '../test-support';

// The public Lilt client sends segment CRUD to the comments base, `/2/segments`.
let t: TestApp;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiClient(t.app);
});
afterAll(() => t.close());

describe('segments on the /2 base', () => {
  it('creates, reads, updates and deletes as /v2/segments does', async () => {
    const memory = await createMemory(t.app);
    const created = await api.post('/2/segments', { memory_id: memory.id, source: 'Hello' });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();

    const read = await api.get(`/2/segments?id=${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual((await api.get(`/v2/segments?id=${id}`)).json());

    const updated = await api.put('/2/segments', { id, target: 'Hola' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id, target: 'Hola', is_confirmed: true });

    const deleted = await api.delete(`/2/segments?id=${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, deleted: true });
    expect((await api.get(`/2/segments?id=${id}`)).statusCode).toBe(404);
  });

  it('is documented in /openapi.json beside /v2/segments', async () => {
    const spec = (await t.app.inject({ url: '/openapi.json' })).json();
    expect(Object.keys(spec.paths['/2/segments']).sort()).toEqual(
      Object.keys(spec.paths['/v2/segments']).sort(),
    );
  });
});
