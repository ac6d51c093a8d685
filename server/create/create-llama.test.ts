import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../llm/tiny-gguf';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import type { LiltCreateContent } from '../../shared/api/create';
import {
  BASE,
  generate,
  liveStream,
  parseSse,
  sseIdOf,
  piecesOf,
  sampleRequest,
  type Api,
} from './test-support';

let folder: string;
let t: TestApp;
let api: Api;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'wordbench-create-llama-'));
  const modelPath = await writeTinyGguf(join(folder, 'tiny.gguf'), { seed: 17 });
  // The server's default engine (--create-model-file); one thread, as this machine's cores are shared.
  t = await createTestApp({
    mt: null,
    create: { defaultEngine: { kind: 'llama', modelPath, threads: 1 } },
  });
  api = apiClient(t.app);
  await api.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('Create on the embedded llama.cpp engine and the tiny model', () => {
  it('streams the generated text as SSE and saves it', async () => {
    const templateParams = { language: 'en', contentLength: 10, summary: 'a lamp' };
    const { events, content } = await generate(api, BASE, sampleRequest({ templateParams }));
    const pieces = piecesOf(events);
    // The tiny model's words are nonsense, but they come through the real path, piece by piece.
    expect(pieces.length).toBeGreaterThan(1);
    expect(events.at(-2)).toEqual({ event: 'message', data: '[DONE]' });
    expect(content).toMatchObject({ text: pieces.join(''), status: 'finished' });
    expect(content.text).toMatch(/^[a-z ,.]+$/);
  });

  it('stops generating when the client hangs up, and saves the part that came', async () => {
    const templateParams = { language: 'en', contentLength: 5000, summary: 'a lamp' };
    const live = await liveStream(t.app, sampleRequest({ templateParams }));
    const body = await live.until('\n\nevent: message\n');
    const received = piecesOf(parseSse(body)).join('');
    live.hangUp();
    // The events named the content from the first piece on.
    const savedNow = async () =>
      (await api.get(`${BASE}/${sseIdOf(body)}`)).json<LiltCreateContent>();
    let saved = await savedNow();
    while (!saved.text.startsWith(received)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      saved = await savedNow();
    }
    // The engine is free for the next one.
    const next = await generate(
      api,
      BASE,
      sampleRequest({ templateParams: { language: 'en', contentLength: 5 } }),
    );
    expect(next.content.status).toBe('finished');
    saved = await savedNow();
    expect(saved.status).toBe('stopped');
    expect(saved.text.startsWith(received)).toBe(true);
    // Far fewer than the 7,564 tokens allowed: the generation stopped.
    expect(saved.text.split(' ').length).toBeLessThan(1000);
  });
});
