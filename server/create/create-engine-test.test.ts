import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateEngineTest } from '../../shared/api/create';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from '../llm/openai-test-server';
import { apiClient, createOtherOrganization, createTestApp, type TestApp } from '../test-support';
import { TEST_MAX_TOKENS } from './engine-test';
import { BASE, createTables, enableCreate, type Api } from './test-support';

let t: TestApp;
let api: Api;
let engine: ScriptedOpenAiServer;
const TEST = `${BASE}/engine/test`;

beforeAll(async () => {
  engine = await startScriptedOpenAiServer();
  t = await createTestApp({ mt: null, create: { allowLocalEngines: true } });
  api = apiClient(t.app);
});
afterAll(async () => {
  await t.close();
  await engine.close();
});

describe('POST /v2/create/engine/test', () => {
  it('is gated as generation is: 403 until the terms are signed, then 409 with no engine', async () => {
    const refused = await api.post(TEST, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('terms-and-conditions');
    await api.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
    const none = await api.post(TEST, {});
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toContain('PUT /v2/create/engine');
    expect(engine.requests).toHaveLength(0);
  });

  it('answers a few tokens and the time to the first one, saving nothing', async () => {
    await enableCreate(api, engine.baseUrl);
    const before = await createTables(t.storage);
    engine.answer = { kind: 'stream', pieces: ['Hello', ' there'] };
    const response = await api.post(TEST, {});
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CreateEngineTest>();
    expect(answer).toEqual({ ok: true, text: 'Hello there', firstTokenMs: expect.any(Number) });
    expect(engine.requests.at(-1)!.body).toMatchObject({ max_tokens: TEST_MAX_TOKENS });
    expect(await createTables(t.storage)).toEqual(before);
  });

  it("answers the engine's error in words", async () => {
    engine.answer = { kind: 'error', status: 404, body: '{"error":{"message":"model not found"}}' };
    const response = await api.post(TEST, {});
    expect(response.statusCode).toBe(200);
    const answer = response.json<CreateEngineTest>();
    expect(answer.ok).toBe(false);
    expect(answer.ok === false && answer.message).toContain('model not found');
  });

  it("is per organization: another one's gate is its own", async () => {
    const other = await createOtherOrganization(t.storage);
    expect((await apiClient(t.app, other.key).post(TEST, {})).statusCode).toBe(403);
  });
});
