import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apiClient,
  basic,
  createOtherOrganization,
  createTestApp,
  type TestApp,
} from '../test-support';
import { until } from '../until-test-support';

describe('GET /v2/projects answer cache', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof apiClient>;
  let memoryId: number;

  beforeEach(async () => {
    testApp = await createTestApp();
    api = apiClient(testApp.app);
    memoryId = (await api.post('/v2/memories', { name: 'M', srclang: 'en', trglang: 'es' })).json()
      .id;
    await api.post('/v2/projects', { name: 'First', memory_id: memoryId });
  });
  afterEach(() => testApp.close());

  it('answers the same list again, with an ETag that a conditional request can reuse', async () => {
    // PostgreSQL: nothing is reused until the change feed listens (data-version.ts), a moment
    // after the app starts; every answer until then has a new version.
    await until(async () => {
      const [a, b] = [await api.get('/v2/projects'), await api.get('/v2/projects')];
      return b.headers.etag === a.headers.etag;
    }, 'a reused version');
    const first = await api.get('/v2/projects');
    const second = await api.get('/v2/projects');
    expect(second.body).toBe(first.body);
    const etag = second.headers.etag as string;
    expect(etag).toMatch(/^"v\d+-\d+"$/);
    const conditional = await testApp.app.inject({
      method: 'GET',
      url: '/v2/projects',
      headers: { authorization: basic(testApp.key), 'if-none-match': etag },
    });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
  });

  it('never answers a stale list after any write', async () => {
    await api.get('/v2/projects');
    const [project] = (await api.get('/v2/projects')).json();
    await api.put('/v2/projects', { id: project.id, state: 'inReview' });
    expect((await api.get('/v2/projects')).json()[0].state).toBe('inReview');
    await api.post('/v2/projects', { name: 'Second', memory_id: memoryId });
    expect((await api.get('/v2/projects')).json()).toHaveLength(2);
    await api.delete(`/v2/projects?id=${project.id}`);
    expect((await api.get('/v2/projects')).json().map((p: { name: string }) => p.name)).toEqual([
      'Second',
    ]);
  });

  it('keeps each filter and each organization apart', async () => {
    expect((await api.get('/v2/projects?state=done')).json()).toEqual([]);
    expect((await api.get('/v2/projects')).json()).toHaveLength(1);
    const other = await createOtherOrganization(testApp.storage);
    const otherApi = apiClient(testApp.app, other.key);
    expect((await otherApi.get('/v2/projects')).json()).toEqual([]);
  });
});
