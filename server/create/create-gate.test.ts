import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from '../llm/openai-test-server';
import { apiClient, createOtherOrganization, createTestApp, type TestApp } from '../test-support';
import { BASE, createTables, generate, sampleRequest, type Api } from './test-support';

let t: TestApp;
let api: Api;
let engine: ScriptedOpenAiServer;

beforeAll(async () => {
  engine = await startScriptedOpenAiServer();
  t = await createTestApp({ mt: null, create: { allowLocalEngines: true } });
  api = apiClient(t.app);
});
afterAll(async () => {
  await t.close();
  await engine.close();
});

const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;

describe('the gate of a generation: terms, then engine, then body', () => {
  it('refuses with 403 in words until the terms are signed, before the engine and the body', async () => {
    const before = await createTables(t.storage);
    expect((await api.get(`${BASE}/terms-and-conditions`)).json()).toEqual({
      signedAgreement: false,
    });
    for (const body of [sampleRequest(), { nonsense: true }, '{not json']) {
      const response = await api.post(BASE, body);
      expect(response.statusCode).toBe(403);
      expect(message(response)).toContain('POST /v2/create/terms-and-conditions');
    }
    expect((await api.get(`${BASE}/1/create`)).statusCode).toBe(403);
    expect(await createTables(t.storage)).toEqual(before);
    expect(engine.requests).toHaveLength(0);
  });

  it('records who signed; then, with no engine, answers 409 saying how to configure one', async () => {
    const signed = await api.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ signedAgreement: true });
    expect((await api.get(`${BASE}/terms-and-conditions`)).json()).toEqual({
      signedAgreement: true,
    });
    const row = await t.storage.db
      .selectFrom('create_settings')
      .select(['is_terms_signed', 'terms_signed_at', 'terms_key_id', 'terms_user_id'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      is_terms_signed: 1,
      terms_signed_at: expect.any(Number),
      terms_key_id: expect.any(Number),
      terms_user_id: expect.any(Number),
    });
    for (const body of [sampleRequest(), { nonsense: true }, '{not json']) {
      const response = await api.post(BASE, body);
      expect(response.statusCode).toBe(409);
      expect(message(response)).toContain('PUT /v2/create/engine');
      expect(message(response)).toContain('--create-engine-url');
    }
    // Everything but generation works without an engine.
    expect((await api.get(BASE)).json()).toEqual({ contents: [] });
    expect((await api.get(`${BASE}/preferences`)).statusCode).toBe(200);
  });

  it('checks the body last, and generates once all three pass', async () => {
    await api.put(`${BASE}/engine`, { kind: 'openai', baseUrl: engine.baseUrl, model: 'm' });
    expect((await api.post(BASE, { nonsense: true })).statusCode).toBe(400);
    engine.answer = { kind: 'stream', pieces: ['Ready.'] };
    const { content } = await generate(api);
    expect(content.text).toBe('Ready.');
  });

  it('is per organization: another one has signed nothing', async () => {
    const other = await createOtherOrganization(t.storage);
    const otherApi = apiClient(t.app, other.key);
    expect((await otherApi.post(BASE, sampleRequest())).statusCode).toBe(403);
    const otherTerms = await otherApi.get(`${BASE}/terms-and-conditions`);
    expect(otherTerms.json()).toEqual({ signedAgreement: false });
    await otherApi.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
    expect((await otherApi.post(BASE, sampleRequest())).statusCode).toBe(409);
  });

  it('withdrawing the signature closes the gate again; bad bodies are 400', async () => {
    for (const body of [{}, { signedAgreement: 'yes' }, { signedAgreement: true, x: 1 }]) {
      expect((await api.post(`${BASE}/terms-and-conditions`, body)).statusCode).toBe(400);
    }
    await api.post(`${BASE}/terms-and-conditions`, { signedAgreement: false });
    expect((await api.get(`${BASE}/terms-and-conditions`)).json()).toEqual({
      signedAgreement: false,
    });
    expect((await api.post(BASE, sampleRequest())).statusCode).toBe(403);
    await api.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
  });
});
