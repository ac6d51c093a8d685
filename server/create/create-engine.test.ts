import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateEngineTest } from '../../shared/api/create';
import { defaultUser } from '../db/bootstrap';
import { testBackend } from '../db/test-backend';
import { nowSeconds } from '../db/time';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from '../llm/openai-test-server';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { createQueries } from './queries';
import { BASE, createTables, generate, type Api } from './test-support';

const isTeamServer = testBackend() === 'postgres';
let engine: ScriptedOpenAiServer;
let folder: string;
let modelFile: string;

beforeAll(async () => {
  engine = await startScriptedOpenAiServer();
  folder = await mkdtemp(join(tmpdir(), 'wordbench-create-engine-'));
  // Only its presence is checked when the setting is saved; nothing loads it here.
  modelFile = join(folder, 'model.gguf');
  await writeFile(modelFile, 'GGUF');
});
afterAll(async () => {
  await engine.close();
  await rm(folder, { recursive: true, force: true });
});

const storedKey = async (t: TestApp) =>
  (
    await t.storage.db
      .selectFrom('create_settings')
      .select('engine_api_key')
      .executeTakeFirstOrThrow()
  ).engine_api_key;

describe('the engine setting of an organization', () => {
  let t: TestApp;
  let api: Api;
  beforeAll(async () => {
    t = await createTestApp({ mt: null, create: { allowLocalEngines: true } });
    api = apiClient(t.app);
    await api.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
  });
  afterAll(() => t.close());

  it('is none until set', async () => {
    expect((await api.get(`${BASE}/engine`)).json()).toEqual({ kind: 'none', source: 'server' });
  });

  it('never answers the API key, only whether one is set, and sends it to the engine', async () => {
    const put = await api.put(`${BASE}/engine`, {
      kind: 'openai',
      baseUrl: `${engine.baseUrl}/`,
      model: 'llama3',
      apiKey: 'sk-secret-1',
    });
    expect(put.statusCode).toBe(200);
    const shown = {
      kind: 'openai',
      source: 'organization',
      baseUrl: engine.baseUrl,
      model: 'llama3',
      hasApiKey: true,
    };
    expect(put.json()).toEqual(shown);
    expect((await api.get(`${BASE}/engine`)).json()).toEqual(shown);
    engine.answer = { kind: 'stream', pieces: ['ok'] };
    await generate(api);
    expect(engine.requests.at(-1)!.headers.authorization).toBe('Bearer sk-secret-1');
  });

  it('keeps the key while the base URL stays, drops it when it moves or is null', async () => {
    await api.put(`${BASE}/engine`, { kind: 'openai', baseUrl: engine.baseUrl, model: 'other' });
    expect(await storedKey(t)).toBe('sk-secret-1');
    await api.put(`${BASE}/engine`, {
      kind: 'openai',
      baseUrl: engine.baseUrl,
      model: 'm',
      apiKey: null,
    });
    expect(await storedKey(t)).toBeNull();
    await api.put(`${BASE}/engine`, {
      kind: 'openai',
      baseUrl: engine.baseUrl,
      model: 'm',
      apiKey: 'k2',
    });
    const moved = await api.put(`${BASE}/engine`, {
      kind: 'openai',
      baseUrl: 'https://llm.example.com/v1',
      model: 'm',
    });
    expect(moved.json()).toMatchObject({ hasApiKey: false });
  });

  it('takes a model file, and none; refuses bad settings with 400, changing nothing', async () => {
    const llama = await api.put(`${BASE}/engine`, { kind: 'llama', modelPath: modelFile });
    expect(llama.json()).toEqual({ kind: 'llama', source: 'organization', modelPath: modelFile });
    const before = await createTables(t.storage);
    for (const body of [
      { kind: 'openai', baseUrl: 'ftp://host/v1', model: 'm' },
      { kind: 'openai', baseUrl: 'not a url', model: 'm' },
      { kind: 'openai', baseUrl: 'http://user:pw@host/v1', model: 'm' },
      { kind: 'openai', baseUrl: engine.baseUrl },
      { kind: 'llama', modelPath: join(folder, 'missing.gguf') },
      { kind: 'llama', modelPath: 'relative.gguf' },
      { kind: 'gpt' },
    ]) {
      const response = await api.put(`${BASE}/engine`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await createTables(t.storage)).toEqual(before);
    const none = await api.put(`${BASE}/engine`, { kind: 'none' });
    expect(none.json()).toEqual({ kind: 'none', source: 'organization' });
    expect((await api.post(BASE, {})).statusCode).toBe(409);
  });
});

describe("the server's default engine", () => {
  let t: TestApp;
  let api: Api;
  beforeAll(async () => {
    t = await createTestApp({
      mt: null,
      create: { defaultEngine: { kind: 'openai', baseUrl: engine.baseUrl, model: 'default' } },
    });
    api = apiClient(t.app);
    await api.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
  });
  afterAll(() => t.close());

  it('serves organizations that set none, until they turn it off', async () => {
    expect((await api.get(`${BASE}/engine`)).json()).toEqual({
      kind: 'openai',
      source: 'server',
      baseUrl: engine.baseUrl,
      model: 'default',
      hasApiKey: false,
    });
    engine.answer = { kind: 'stream', pieces: ['from the default'] };
    expect((await generate(api)).content.text).toBe('from the default');
    expect(engine.requests.at(-1)!.body.model).toBe('default');
    await api.put(`${BASE}/engine`, { kind: 'none' });
    expect((await api.post(BASE, {})).statusCode).toBe(409);
    const back = await api.put(`${BASE}/engine`, { kind: 'default' });
    expect(back.json()).toMatchObject({ kind: 'openai', source: 'server' });
  });
});

describe('a team server without --create-allow-local-engines', () => {
  let t: TestApp;
  let api: Api;
  beforeAll(async () => {
    t = await createTestApp({ mt: null });
    api = apiClient(t.app);
  });
  afterAll(() => t.close());

  // Both backends run this test: each checks its own rule.
  it('a team server refuses model paths and private addresses, saying how to allow them; a desktop server takes both', async () => {
    const bodies = [
      { kind: 'llama', modelPath: modelFile },
      { kind: 'openai', baseUrl: engine.baseUrl, model: 'm' },
      { kind: 'openai', baseUrl: 'http://10.1.2.3:8000/v1', model: 'm' },
      { kind: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'm' },
    ];
    if (!isTeamServer) {
      for (const body of bodies.slice(0, 2)) {
        const response = await api.put(`${BASE}/engine`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(200);
      }
      return;
    }
    const before = await createTables(t.storage);
    for (const body of bodies) {
      const response = await api.put(`${BASE}/engine`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
      expect(response.json<{ message: string }>().message).toContain(
        '--create-allow-local-engines',
      );
    }
    expect(await createTables(t.storage)).toEqual(before);
  });

  it('checks the address again on every connection: a saved name that now resolves to the machine is refused', async () => {
    const { orgId } = (await defaultUser(t.storage.db))!;
    await api.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
    // As if saved while the name resolved to a public address (the save-time rule is tested above).
    const baseUrl = engine.baseUrl.replace('127.0.0.1', 'localhost');
    await createQueries(t.storage.db).setEngine(
      orgId,
      {
        engine_kind: 'openai',
        engine_base_url: baseUrl,
        engine_model: 'm',
        engine_api_key: null,
        engine_model_path: null,
      },
      nowSeconds(),
    );
    engine.answer = { kind: 'stream', pieces: ['Hi', '.'] };
    const before = engine.requests.length;
    const answer = (await api.post(`${BASE}/engine/test`, {})).json<CreateEngineTest>();
    if (!isTeamServer) {
      expect(answer).toMatchObject({ ok: true, text: 'Hi.' });
      return;
    }
    expect(answer.ok).toBe(false);
    expect(answer.ok === false && answer.message).toMatch(
      /failed: refused: localhost \((127\.0\.0\.1|::1)\) is a loopback address; a team server uses engines on public addresses only: start the server with --create-allow-local-engines/,
    );
    expect(engine.requests.length).toBe(before);
  });
});
