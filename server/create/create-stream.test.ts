import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiltCreateContent } from '../../shared/api/create';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from '../llm/openai-test-server';
import { createMemory, importFile } from '../memories/test-support';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import {
  BASE,
  createTables,
  enableCreate,
  generate,
  liveStream,
  parseSse,
  sseIdOf,
  piecesOf,
  postOverSocket,
  sampleRequest,
  type Api,
} from './test-support';

let t: TestApp;
let api: Api;
let engine: ScriptedOpenAiServer;

beforeAll(async () => {
  engine = await startScriptedOpenAiServer();
  // The scripted engine listens on 127.0.0.1, which a team server takes only when allowed.
  t = await createTestApp({ mt: null, create: { allowLocalEngines: true } });
  api = apiClient(t.app);
  await enableCreate(api, engine.baseUrl);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  await engine.close();
});
beforeEach(() => {
  engine.answer = { kind: 'stream', pieces: ['Hello', ' world', '!'] };
});

const contentsNow = async () => (await api.get(BASE)).json<{ contents: LiltCreateContent[] }>();

describe('POST /v2/create', () => {
  it('streams the pieces as SSE exactly as the spec shows, each with the content id', async () => {
    const { response, content } = await generate(api);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-request-id']).toBeTruthy();
    const saved = (await api.get(`${BASE}/${content.id}`)).json<LiltCreateContent>();
    // The spec's events, plus the standard SSE `id:` line (the content's id) on each.
    const id = `id: ${content.id}\n`;
    expect(response.body).toBe(
      `event: message\ndata: {"text":"Hello"}\n${id}\n` +
        `event: message\ndata: {"text":" world"}\n${id}\n` +
        `event: message\ndata: {"text":"!"}\n${id}\n` +
        `event: message\ndata: [DONE]\n${id}\n` +
        `event: fullcontent\ndata: ${JSON.stringify(content)}\n${id}\n`,
    );
    // The same object as GET answers (whose serializer may order the keys otherwise).
    expect(content).toEqual(saved);
    expect(saved).toEqual({
      id: content.id,
      language: 'en-US',
      template: 'blog-post',
      templateParams: { contentLength: 100, language: 'en-US', sections: [], summary: 'hiking' },
      preferences: { tone: 'formal', styleguide: '' },
      text: 'Hello world!',
      status: 'finished',
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
  });

  it('takes the public curl example as it is (a string contentLength)', async () => {
    const { content } = await generate(api, BASE, {
      language: 'en-US',
      template: 'blog-post',
      templateParams: {
        contentLength: '100',
        language: 'en-US',
        sections: [],
        summary: 'a blog post about hiking',
      },
      preferences: { tone: 'formal', styleguide: '' },
    });
    expect(content.templateParams.contentLength).toBe(100);
  });

  it('sends the engine a prompt built from the request', async () => {
    await api.put(`${BASE}/preferences`, { tone: 'playful', styleguide: 'Use short sentences.' });
    await generate(api, BASE, sampleRequest({ preferences: { tone: 'formal' } }));
    const body = engine.requests.at(-1)!.body as {
      model: string;
      stream: boolean;
      messages: Array<{ role: string; content: string }>;
    };
    expect(body.model).toBe('test');
    expect(body.stream).toBe(true);
    const prompt = body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('blog post');
    expect(prompt).toContain('about 100 words');
    expect(prompt).toContain('What it is about: hiking');
    // The request's tone wins; the organization's style guide fills in.
    expect(prompt).toContain('Tone: formal.');
    expect(prompt).toContain('Use short sentences.');
    await api.put(`${BASE}/preferences`, { tone: '', styleguide: '' });
  });

  it("tells the engine to use the memory's termbase entries found in the request", async () => {
    const memory = await createMemory(t.app, { name: 'Glossary' });
    const terms = 'term,translation\ntrail,sendero\nhiking boots,botas de montaña\nkayak,kayak\n';
    await importFile(t.app, memory.id, 'terms.csv', terms);
    const templateParams = {
      language: 'es',
      memoryId: memory.id,
      summary: 'Choosing hiking boots for a mountain trail',
    };
    const { content } = await generate(api, BASE, sampleRequest({ templateParams }));
    expect(content.templateParams.memoryId).toBe(memory.id);
    const prompt = JSON.stringify(engine.requests.at(-1)!.body);
    expect(prompt).toContain('Use these terms exactly as written: source -> target');
    expect(prompt).toContain('- hiking boots -> botas de montaña');
    expect(prompt).toContain('- trail -> sendero');
    expect(prompt).not.toContain('kayak');
  });

  it('flushes each event as it comes', async () => {
    engine.answer = { kind: 'stream', pieces: ['one', ' two', ' three'], delayMs: 150 };
    const live = await liveStream(t.app, sampleRequest());
    expect(live.response.statusCode).toBe(200);
    const early = await live.until('"text":"one"');
    // The first event arrived while the engine still had pieces to send.
    expect(early).not.toContain('[DONE]');
    const events = parseSse(await live.done);
    expect(piecesOf(events)).toEqual(['one', ' two', ' three']);
  });

  it('stops the engine when the client hangs up, and saves the part that came', async () => {
    const pieces = Array.from({ length: 100 }, (_, i) => ` w${i}`);
    engine.answer = { kind: 'stream', pieces, delayMs: 30 };
    const hungUp = engine.nextHangUp();
    const live = await liveStream(t.app, sampleRequest());
    const body = await live.until('"text":" w2"}\n');
    const received = piecesOf(parseSse(body));
    live.hangUp();
    await hungUp;
    // The events named the content from the first piece on: the client knows where to look.
    const id = sseIdOf(body);
    const savedNow = async () => (await api.get(`${BASE}/${id}`)).json<LiltCreateContent>();
    let saved = await savedNow();
    while (!saved.text.startsWith(received.join(''))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      saved = await savedNow();
    }
    expect(saved.status).toBe('stopped');
    expect(saved.text.startsWith(received.join(''))).toBe(true);
    expect(saved.text.length).toBeLessThan(pieces.join('').length);
    expect(pieces.join('').startsWith(saved.text)).toBe(true);
  });

  it('stops the engine when the client hangs up before the first piece, saving nothing', async () => {
    const before = (await contentsNow()).contents.length;
    engine.answer = { kind: 'hang' };
    const asked = engine.requests.length;
    const hungUp = engine.nextHangUp();
    const request = postOverSocket(t.app, sampleRequest());
    while (engine.requests.length === asked)
      await new Promise((resolve) => setTimeout(resolve, 10));
    request.destroy();
    await hungUp;
    // A generation after it is the only new content.
    engine.answer = { kind: 'stream', pieces: ['after'] };
    await generate(api);
    const contents = (await contentsNow()).contents;
    expect(contents).toHaveLength(before + 1);
    expect(contents.at(-1)!.text).toBe('after');
  });

  it('ends with event: error when the engine breaks off, and saves what came', async () => {
    engine.answer = {
      kind: 'raw-events',
      data: [
        '{"choices":[{"delta":{"content":"half"}}]}',
        '{"error":{"message":"context length exceeded"}}',
      ],
    };
    const response = await api.post(BASE, sampleRequest());
    expect(response.statusCode).toBe(200);
    const events = parseSse(response.body);
    expect(events.map((e) => e.event)).toEqual(['message', 'error']);
    const error = JSON.parse(events[1]!.data) as { message: string; id: number };
    expect(error.message).toContain('context length exceeded');
    const saved = (await api.get(`${BASE}/${error.id}`)).json<LiltCreateContent>();
    expect(saved).toMatchObject({ text: 'half', status: 'failed' });
  });

  it('answers 502 in words when the engine fails before its first piece, saving nothing', async () => {
    engine.answer = { kind: 'error', status: 500, body: '{"error":{"message":"out of memory"}}' };
    const before = await createTables(t.storage);
    const response = await api.post(BASE, sampleRequest());
    expect(response.statusCode).toBe(502);
    expect(response.json<{ message: string }>().message).toContain('out of memory');
    expect(await createTables(t.storage)).toEqual(before);
  });

  it('refuses a bad request with 400 once the gate passed, changing nothing', async () => {
    const before = await createTables(t.storage);
    const bad = [
      { ...sampleRequest(), template: '' },
      { ...sampleRequest(), language: 'not a language' },
      { ...sampleRequest(), templateParams: { language: 'en', contentLength: 0 } },
      { ...sampleRequest(), templateParams: { language: 'en', sections: 'intro' } },
      { ...sampleRequest(), extra: 1 },
      { template: 'email' },
    ];
    for (const body of bad) {
      const response = await api.post(BASE, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/body field/);
    }
    const unknownMemory = sampleRequest({
      templateParams: { language: 'en', memoryId: 987654 },
    });
    expect((await api.post(BASE, unknownMemory)).statusCode).toBe(404);
    expect(await createTables(t.storage)).toEqual(before);
  });
});

describe('GET /v2/create/{contentId}/create', () => {
  it('regenerates over the same content with its stored parameters', async () => {
    const { content } = await generate(api);
    engine.answer = { kind: 'stream', pieces: ['Second', ' take'] };
    const again = await generate(api, `${BASE}/${content.id}/create`);
    expect(piecesOf(again.events)).toEqual(['Second', ' take']);
    expect(again.content).toMatchObject({
      id: content.id,
      text: 'Second take',
      status: 'finished',
    });
    expect(again.content.templateParams).toEqual(content.templateParams);
    const prompt = JSON.stringify(engine.requests.at(-1)!.body);
    expect(prompt).toContain('hiking');
  });

  it('answers 404 for a content the organization does not have', async () => {
    const response = await api.get(`${BASE}/987654/create`);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toBe('Create content 987654 not found');
  });
});
