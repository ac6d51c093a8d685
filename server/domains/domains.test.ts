import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_FORMATS } from '../../shared/api/documents';
import type { DomainList } from '../../shared/api/domains';
import { createProject, postDocument } from '../documents/test-support';
import type { MtEngine } from '../mt/engine';
import { createTestApp, snapshot, TEST_KEY, type TestApp } from '../test-support';

// Issue 15: GET /v3/domains, and configId / config_id naming its filter configurations.
const pairs = [
  { source: 'en', target: 'es' },
  { source: 'en', target: 'ca' },
];
const engine: MtEngine = {
  name: 'apertium',
  pairs: async () => pairs,
  supports: async (source, target) =>
    pairs.some((pair) => pair.source === source && pair.target === target),
  translate: async (_pair, segments) => segments,
  close: async () => undefined,
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mt: engine });
});
afterAll(() => t.close());

const domainsWith = (credential: { headers?: Record<string, string>; query?: string }) =>
  t.app.inject({ url: `/v3/domains${credential.query ?? ''}`, headers: credential.headers });

describe('GET /v3/domains', () => {
  it('answers the default domain with the key in the `key` header, as the newer SDK sends it', async () => {
    const response = await domainsWith({ headers: { key: TEST_KEY } });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<DomainList>();
    expect(list.size).toBe(1);
    const [domain] = list.items;
    expect(domain).toMatchObject({ domainId: 1, domainName: 'General', domainMetadata: [] });
    expect(domain!.filterConfigs.map((config) => config.filterName)).toEqual([...DOCUMENT_FORMATS]);
    for (const config of domain!.filterConfigs) {
      expect(config).toMatchObject({
        isDefault: true,
        default: true,
        segmentationConfigSetting: 'SENTENCE',
        subfilters: [],
        srx: '',
        domains: [{ id: 1, name: 'General' }],
        settings: { tmThreshold: 75 },
      });
    }
    const csv = domain!.filterConfigs.find((config) => config.filterName === 'csv');
    expect(csv?.settings.csvColumns).toBeNull();
    expect(domain!.models).toEqual([
      {
        id: 1,
        name: 'apertium en-ca',
        provider: 'apertium',
        status: 'ready',
        srcLang: 'en',
        trgLang: 'ca',
      },
      {
        id: 2,
        name: 'apertium en-es',
        provider: 'apertium',
        status: 'ready',
        srcLang: 'en',
        trgLang: 'es',
      },
    ]);
  });

  it('answers the same with the key as a query parameter, and 401 without a key', async () => {
    const byHeader = await domainsWith({ headers: { key: TEST_KEY } });
    const byQuery = await domainsWith({ query: `?key=${TEST_KEY}` });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json()).toEqual(byHeader.json());
    const none = await domainsWith({});
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toMatch(/^text\/plain/);
    expect((await domainsWith({ headers: { key: 'wb_wrong' } })).statusCode).toBe(401);
  });

  it('lists no models without an MT engine', async () => {
    const bare = await createTestApp({ mt: null });
    try {
      const response = await bare.app.inject({ url: '/v3/domains', headers: { key: TEST_KEY } });
      expect(response.json<DomainList>().items[0]?.models).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe('config_id of a document upload', () => {
  it('names a filter configuration: an unknown one is a 400 that creates nothing', async () => {
    const project = await createProject(t.app);
    const before = await snapshot(t.storage);
    const headers = { name: 'a.txt', project_id: String(project.id) };
    const refused = await postDocument(t.app, { ...headers, config_id: '99' }, 'Hello.\n');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(
      /config_id.*no filter configuration 99/,
    );
    expect(await snapshot(t.storage)).toEqual(before);
    const text = DOCUMENT_FORMATS.indexOf('text') + 1;
    const taken = await postDocument(t.app, { ...headers, config_id: String(text) }, 'Hello.\n');
    expect(taken.statusCode, taken.body).toBe(200);
  });
});
