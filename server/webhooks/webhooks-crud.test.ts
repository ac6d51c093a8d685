import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookResponse, WebhookWithSecret } from '../../shared/api/webhooks';
import {
  apiClient,
  basic,
  createOtherOrganization,
  createTestApp,
  type TestApp,
} from '../test-support';
import { BASE, createHook, sampleHook, webhookTables, type Api } from './routes-test-support';

let t: TestApp;
let api: Api;

beforeAll(async () => {
  // The dispatcher stays off: these tests look at configurations, not at sending.
  t = await createTestApp({ mt: null, webhooks: { paused: true } });
  api = apiClient(t.app);
});
afterAll(() => t.close());

const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;

const storedSecret = async (id: number) =>
  (
    await t.storage.db
      .selectFrom('webhook_configurations')
      .select('secret')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).secret;

describe('create, list, get', () => {
  it('answers the webhook with its secret once; reads never show it', async () => {
    const created = await createHook(api, {
      eventType: ['JOB_DELIVER', 'PROJECT_UPDATE', 'JOB_DELIVER'],
    });
    expect(created).toEqual({
      id: expect.any(Number),
      webhookName: 'CMS',
      webhookUrl: 'https://hooks.example.com/wordbench',
      eventType: ['JOB_DELIVER', 'PROJECT_UPDATE'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      secret: expect.stringMatching(SECRET),
    });
    expect(await storedSecret(created.id)).toBe(created.secret);
    const { secret: _secret, ...shown } = created;
    const got = await api.get(`${BASE}/${created.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(shown);
    const listed = (await api.get(BASE)).json<WebhookResponse[]>();
    expect(listed).toContainEqual(shown);
    expect(JSON.stringify(listed)).not.toContain('whsec_');
  });

  it('lists oldest first, every event type accepted', async () => {
    const first = await createHook(api, {
      webhookName: 'first',
      eventType: ['FILE_TRANSLATION_UPDATE'],
    });
    const second = await createHook(api, { webhookName: 'second', eventType: ['DOCUMENT_UPDATE'] });
    const ids = (await api.get(BASE)).json<WebhookResponse[]>().map((w) => w.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('PUT', () => {
  it('takes the S3 form, all three fields', async () => {
    const hook = await createHook(api);
    const response = await api.put(`${BASE}/${hook.id}`, {
      webhookName: 'Billing',
      webhookUrl: 'http://billing.example.com/in',
      eventType: ['JOB_DELIVER'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: hook.id,
      webhookName: 'Billing',
      webhookUrl: 'http://billing.example.com/in',
      eventType: ['JOB_DELIVER'],
    });
    expect(response.json()).not.toHaveProperty('secret');
  });

  it('changes only the field present (the single-field forms)', async () => {
    const hook = await createHook(api);
    const steps: Array<[object, Partial<WebhookResponse>]> = [
      [{ webhookName: 'Renamed' }, { webhookName: 'Renamed' }],
      [{ webhookUrl: 'https://other.example.com/' }, { webhookUrl: 'https://other.example.com/' }],
      [{ eventType: ['JOB_UPDATE'] }, { eventType: ['JOB_UPDATE'] }],
    ];
    let expected: WebhookResponse = { ...hook };
    delete (expected as Partial<WebhookWithSecret>).secret;
    for (const [body, change] of steps) {
      const response = await api.put(`${BASE}/${hook.id}`, body);
      expect(response.statusCode, response.body).toBe(200);
      expected = { ...expected, ...change };
      expect(response.json()).toEqual(expected);
      expect((await api.get(`${BASE}/${hook.id}`)).json()).toEqual(expected);
    }
    expect(await storedSecret(hook.id)).toBe(hook.secret);
  });

  it('disables and re-enables with `enabled`', async () => {
    const hook = await createHook(api);
    const off = await api.put(`${BASE}/${hook.id}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, disabledReason: expect.any(String) });
    const on = await api.put(`${BASE}/${hook.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});

describe('DELETE', () => {
  it('answers 204, then the webhook is gone everywhere and its id is never given again', async () => {
    const hook = await createHook(api);
    const deleted = await api.delete(`${BASE}/${hook.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    for (const response of [
      await api.get(`${BASE}/${hook.id}`),
      await api.put(`${BASE}/${hook.id}`, { webhookName: 'back' }),
      await api.delete(`${BASE}/${hook.id}`),
      await api.post(`${BASE}/${hook.id}/secret`),
      await api.post(`${BASE}/${hook.id}/test`),
      await api.get(`${BASE}/${hook.id}/deliveries`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: `Webhook ${hook.id} not found` });
    }
    expect((await api.get(BASE)).json<WebhookResponse[]>().map((w) => w.id)).not.toContain(hook.id);
    expect((await createHook(api)).id).toBeGreaterThan(hook.id);
  });
});

describe('secret rotation (our extension)', () => {
  it('answers a new secret once and signs with it from then on', async () => {
    const hook = await createHook(api);
    const response = await api.post(`${BASE}/${hook.id}/secret`);
    expect(response.statusCode, response.body).toBe(200);
    const rotated = response.json<WebhookWithSecret>();
    expect(rotated.secret).toMatch(SECRET);
    expect(rotated.secret).not.toBe(hook.secret);
    expect(await storedSecret(hook.id)).toBe(rotated.secret);
    expect((await api.get(`${BASE}/${hook.id}`)).json()).not.toHaveProperty('secret');
  });
});

describe('tenancy', () => {
  it("answers 404 for another organization's webhook and changes nothing", async () => {
    const hook = await createHook(api);
    const other = await createOtherOrganization(t.storage, 'wb_other-hooks-key-0123456789');
    const stranger = apiClient(t.app, other.key);
    const before = await webhookTables(t.storage);
    for (const response of [
      await stranger.get(`${BASE}/${hook.id}`),
      await stranger.put(`${BASE}/${hook.id}`, { webhookName: 'mine' }),
      await stranger.delete(`${BASE}/${hook.id}`),
      await stranger.post(`${BASE}/${hook.id}/secret`),
      await stranger.post(`${BASE}/${hook.id}/test`),
      await stranger.get(`${BASE}/${hook.id}/deliveries`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain(hook.webhookUrl);
    }
    expect(await webhookTables(t.storage)).toEqual(before);
    expect((await stranger.get(BASE)).json()).toEqual([]);
    const theirs = await createHook(stranger);
    expect((await api.get(`${BASE}/${theirs.id}`)).statusCode).toBe(404);
  });

  it('answers 401 without a key', async () => {
    const response = await t.app.inject({ method: 'GET', url: BASE });
    expect(response.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: Array<[string, 'post' | 'put', object, RegExp]> = [
    [
      'no name',
      'post',
      { webhookUrl: 'https://a.example', eventType: ['JOB_UPDATE'] },
      /webhookName: is required/,
    ],
    ['no url', 'post', { webhookName: 'a', eventType: ['JOB_UPDATE'] }, /webhookUrl: is required/],
    [
      'no events',
      'post',
      { webhookName: 'a', webhookUrl: 'https://a.example' },
      /eventType: is required/,
    ],
    [
      'ftp url',
      'post',
      sampleHook({ webhookUrl: 'ftp://a.example/x' }),
      /webhookUrl: must be http or https, not ftp/,
    ],
    [
      'javascript url',
      'post',
      sampleHook({ webhookUrl: 'javascript:alert(1)' }),
      /webhookUrl: must be http or https/,
    ],
    [
      'relative url',
      'post',
      sampleHook({ webhookUrl: '/hooks' }),
      /webhookUrl: .* is not an absolute URL/,
    ],
    [
      'unknown event',
      'post',
      { ...sampleHook(), eventType: ['PROJECT_EXPLODE'] },
      /eventType.0: must be one of PROJECT_UPDATE/,
    ],
    [
      'empty event list',
      'post',
      sampleHook({ eventType: [] }),
      /eventType: must NOT have fewer than 1 items/,
    ],
    [
      'event not a list',
      'post',
      { ...sampleHook(), eventType: 'JOB_UPDATE' },
      /eventType: must be array/,
    ],
    ['name a number', 'post', { ...sampleHook(), webhookName: 7 }, /webhookName: must be string/],
    ['blank name', 'post', sampleHook({ webhookName: '   ' }), /webhookName/],
    [
      'name too long',
      'post',
      sampleHook({ webhookName: long(256) }),
      /webhookName: must NOT have more than 255 characters/,
    ],
    [
      'url too long',
      'post',
      sampleHook({ webhookUrl: `https://a.example/${long(2040)}` }),
      /webhookUrl: must NOT have more than 2048 characters/,
    ],
    ['unknown field', 'post', { ...sampleHook(), secret: 'whsec_mine' }, /secret: is not allowed/],
    ['empty PUT', 'put', {}, /nothing to change/],
    ['PUT ftp url', 'put', { webhookUrl: 'ftp://a.example' }, /webhookUrl: must be http or https/],
    ['PUT empty events', 'put', { eventType: [] }, /eventType: must NOT have fewer than 1 items/],
    ['PUT enabled text', 'put', { enabled: 'yes' }, /enabled: must be boolean/],
  ];

  it.each(cases)(
    'refuses %s with 400 and changes nothing',
    async (_what, method, body, message) => {
      const hook = await createHook(api);
      const before = await webhookTables(t.storage);
      const url = method === 'post' ? BASE : `${BASE}/${hook.id}`;
      const response = await api[method](url, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
      expect(await webhookTables(t.storage)).toEqual(before);
    },
  );

  it('refuses malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { authorization: basic(t.key), 'content-type': 'application/json' },
      payload: '{"webhookName":',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/JSON/);
  });

  it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
    expect((await api.get(`${BASE}/987654`)).json()).toEqual({
      message: 'Webhook 987654 not found',
    });
    expect((await api.put(`${BASE}/987654`, { webhookName: 'x' })).statusCode).toBe(404);
    expect((await api.delete(`${BASE}/987654`)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5']) {
      const response = await api.get(`${BASE}/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/id/);
    }
  });
});
