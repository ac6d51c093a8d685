import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiltCreateContent } from '../../shared/api/create';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from '../llm/openai-test-server';
import { apiClient, createOtherOrganization, createTestApp, type TestApp } from '../test-support';
import {
  BASE,
  createTables,
  enableCreate,
  generate,
  sampleRequest,
  type Api,
} from './test-support';

let t: TestApp;
let api: Api;
let engine: ScriptedOpenAiServer;

beforeAll(async () => {
  engine = await startScriptedOpenAiServer();
  t = await createTestApp({ mt: null, create: { allowLocalEngines: true } });
  api = apiClient(t.app);
  await enableCreate(api, engine.baseUrl);
});
afterAll(async () => {
  await t.close();
  await engine.close();
});

describe('preferences', () => {
  it('starts empty, takes {tone, styleguide}, keeps a field left out', async () => {
    expect((await api.get(`${BASE}/preferences`)).json()).toEqual({ tone: '', styleguide: '' });
    const put = await api.put(`${BASE}/preferences`, { tone: 'formal', styleguide: 'No jargon.' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ tone: 'formal', styleguide: 'No jargon.' });
    await api.put(`${BASE}/preferences`, { tone: 'friendly' });
    expect((await api.get(`${BASE}/preferences`)).json()).toEqual({
      tone: 'friendly',
      styleguide: 'No jargon.',
    });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await createTables(t.storage);
    for (const body of [{ tone: 5 }, { mood: 'x' }, { tone: 'x'.repeat(501) }, ['formal']]) {
      const response = await api.put(`${BASE}/preferences`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await createTables(t.storage)).toEqual(before);
  });

  it('fill in what a generation does not give, and are stored with the content as used', async () => {
    engine.answer = { kind: 'stream', pieces: ['text'] };
    const { content } = await generate(api, BASE, sampleRequest({ preferences: undefined }));
    expect(content.preferences).toEqual({ tone: 'friendly', styleguide: 'No jargon.' });
  });
});

describe('contents', () => {
  let content: LiltCreateContent;

  it('lists, gets and changes a content (the fields present)', async () => {
    engine.answer = { kind: 'stream', pieces: ['First ', 'draft'] };
    content = (await generate(api, BASE, sampleRequest({ name: 'Hiking' }))).content;
    const listed = (await api.get(BASE)).json<{ contents: LiltCreateContent[] }>().contents;
    expect(listed.map((c) => c.id)).toContain(content.id);
    expect((await api.get(`${BASE}/${content.id}`)).json()).toEqual(content);
    const put = await api.put(`${BASE}/${content.id}`, { language: 'de-DE', text: 'Edited' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      id: content.id,
      name: 'Hiking',
      language: 'de-DE',
      text: 'Edited',
      templateParams: content.templateParams,
    });
  });

  it('refuses bad changes with 400 and changes nothing', async () => {
    const before = await createTables(t.storage);
    for (const body of [
      { id: content.id + 1 },
      { language: 'de DE' },
      { templateParams: { summary: 'no language' } },
      { status: 'finished' },
    ]) {
      const response = await api.put(`${BASE}/${content.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api.get(`${BASE}/abc`)).statusCode).toBe(400);
    expect(await createTables(t.storage)).toEqual(before);
  });

  it("keeps organizations apart: another's ids answer 404", async () => {
    const other = await createOtherOrganization(t.storage);
    const otherApi = apiClient(t.app, other.key);
    expect((await otherApi.get(BASE)).json()).toEqual({ contents: [] });
    const before = await createTables(t.storage);
    for (const response of [
      await otherApi.get(`${BASE}/${content.id}`),
      await otherApi.put(`${BASE}/${content.id}`, { text: 'mine' }),
      await otherApi.delete(`${BASE}/${content.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: `Create content ${content.id} not found` });
    }
    expect(await createTables(t.storage)).toEqual(before);
    await otherApi.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
    await otherApi.put(`${BASE}/engine`, { kind: 'openai', baseUrl: engine.baseUrl, model: 'm' });
    expect((await otherApi.get(`${BASE}/${content.id}/create`)).statusCode).toBe(404);
    expect((await api.get(`${BASE}/${content.id}`)).json()).toMatchObject({ text: 'Edited' });
  });

  it('deletes with {id}, and never hands the id out again', async () => {
    const deleted = await api.delete(`${BASE}/${content.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: content.id });
    expect((await api.get(`${BASE}/${content.id}`)).statusCode).toBe(404);
    expect((await api.delete(`${BASE}/${content.id}`)).statusCode).toBe(404);
    engine.answer = { kind: 'stream', pieces: ['again'] };
    const next = (await generate(api)).content;
    expect(next.id).toBeGreaterThan(content.id);
  });
});
