import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiltCreateContentRequest } from '../../../shared/api/create';
import type { GenerationPiece } from '../../../shared/ipc/create-channels';
import {
  startScriptedOpenAiServer,
  type ScriptedOpenAiServer,
} from '../../../server/llm/openai-test-server';
import { createHandlers } from './create';
import { documentHandlers } from './documents';
import { newProject, REAL_SERVER_KEY, useRealServer } from './real-server-test-support';
import { createDispatcher, type Dispatch, type Handlers } from './validated';

const REQUEST: LiltCreateContentRequest = {
  name: 'Hiking boots',
  language: 'en',
  template: 'product-description',
  templateParams: { language: 'en', contentLength: 40, summary: 'waterproof boots' },
};
const ENGINE_KEY = 'sk-engine-secret-0001';

// The Create channels against the real embedded server and a scripted OpenAI-compatible engine
// on 127.0.0.1: refusals in words, pieces as events in order, stop, regenerate, edit, delete.
describe('create channels against the real server', () => {
  const real = useRealServer('create');
  let engine: ScriptedOpenAiServer;
  let dispatch: Dispatch;
  const pieces: GenerationPiece[] = [];
  let onPiece: (piece: GenerationPiece) => void = () => {};
  beforeAll(async () => {
    engine = await startScriptedOpenAiServer();
    const documents = documentHandlers({ gateway: real.gateway, uploads: real.uploads });
    const handlers = createHandlers({
      gateway: real.gateway,
      uploadDocument: documents['documents:upload'],
      onPiece: (piece) => {
        pieces.push(piece);
        onPiece(piece);
      },
    });
    dispatch = createDispatcher(handlers as unknown as Handlers);
  });
  afterAll(() => engine?.close());

  it('refuses generation in words: terms first, then no engine', async () => {
    const unsigned = await dispatch('create:generate', {
      generationId: 'gen-00001',
      request: REQUEST,
    });
    expect(unsigned).toMatchObject({ ok: false, error: { status: 403 } });
    expect(unsigned).toMatchObject({
      error: { hint: expect.stringMatching(/Sign the Create terms/) },
    });
    expect(JSON.stringify(unsigned)).toMatch(/terms/);
    expect(await dispatch('create:get-terms', {})).toEqual({
      ok: true,
      value: { signedAgreement: false },
    });
    await dispatch('create:sign-terms', { signedAgreement: true });
    expect(await dispatch('create:get-terms', {})).toEqual({
      ok: true,
      value: { signedAgreement: true },
    });
    await dispatch('create:set-engine', { kind: 'none' });
    const none = await dispatch('create:generate', { generationId: 'gen-00002', request: REQUEST });
    expect(none).toMatchObject({
      ok: false,
      error: { status: 409, hint: expect.stringMatching(/Create engine/) },
    });
    expect(pieces).toEqual([]);
  });

  it('sets the engine without ever answering its key', async () => {
    const set = await dispatch('create:set-engine', {
      kind: 'openai',
      baseUrl: engine.baseUrl,
      model: 'scripted',
      apiKey: ENGINE_KEY,
    });
    expect(set).toMatchObject({ ok: true, value: { kind: 'openai', hasApiKey: true } });
    const read = await dispatch('create:get-engine', {});
    expect(JSON.stringify(read)).not.toContain(ENGINE_KEY);
    expect(JSON.stringify(read)).not.toContain(REAL_SERVER_KEY);
  });

  it('streams the pieces as events, in order, then answers the saved content', async () => {
    pieces.length = 0;
    engine.answer = {
      kind: 'stream',
      pieces: ['Sturdy', ' boots', ' for', ' wet', ' trails.'],
      delayMs: 10,
    };
    const result = await dispatch('create:generate', {
      generationId: 'gen-00003',
      request: REQUEST,
    });
    expect(pieces.map((piece) => piece.text)).toEqual([
      'Sturdy',
      ' boots',
      ' for',
      ' wet',
      ' trails.',
    ]);
    expect(new Set(pieces.map((piece) => piece.generationId))).toEqual(new Set(['gen-00003']));
    expect(result).toMatchObject({
      ok: true,
      value: {
        status: 'finished',
        content: { name: 'Hiking boots', text: 'Sturdy boots for wet trails.' },
      },
    });
  });

  it('stops: the request is aborted, the engine hung up on, and what came is saved', async () => {
    pieces.length = 0;
    const words = Array.from({ length: 200 }, (_, index) => ` word${index}`);
    engine.answer = { kind: 'stream', pieces: words, delayMs: 50 };
    const hungUp = engine.nextHangUp();
    let stop: Promise<unknown> | undefined;
    onPiece = (piece) => {
      if (pieces.length === 3) stop = dispatch('create:stop', { generationId: piece.generationId });
    };
    const result = await dispatch('create:generate', {
      generationId: 'gen-00004',
      request: REQUEST,
    });
    onPiece = () => {};
    expect(await stop).toEqual({ ok: true, value: { stopped: true } });
    await hungUp;
    const received = pieces.map((piece) => piece.text).join('');
    expect(result).toMatchObject({ ok: true, value: { status: 'stopped' } });
    const content = (result as { value: { content: { text: string; status: string } } }).value
      .content;
    expect(content.status).toBe('stopped');
    expect(content.text.startsWith(received)).toBe(true);
    expect(content.text.length).toBeLessThan(words.join('').length);
  });

  it('puts a content into a project as a document, Markdown as .md', async () => {
    engine.answer = { kind: 'stream', pieces: ['# Boots\n\n', 'Dry feet.', ' Warm toes.'] };
    const made = (await dispatch('create:generate', {
      generationId: 'gen-00006',
      request: REQUEST,
    })) as { value: { content: { id: number } } };
    const project = await newProject(real.gateway, 'Boots');
    const document = await dispatch('create:to-document', {
      id: made.value.content.id,
      project_id: project.id,
    });
    expect(document).toMatchObject({ ok: true, value: { name: 'Hiking boots.md' } });
    const segments = (document as { value: { segments: { source: string }[] } }).value.segments;
    // Read as Markdown: the heading's `#` is markup, not text.
    expect(segments.map((segment) => segment.source)).toEqual(['Boots', 'Dry feet. Warm toes.']);
  });

  it('regenerates, saves an edit, lists and deletes', async () => {
    const list = (await dispatch('create:list', {})) as { value: { id: number }[] };
    const [first] = list.value;
    engine.answer = { kind: 'stream', pieces: ['New', ' text.'] };
    const again = await dispatch('create:regenerate', { generationId: 'gen-00005', id: first!.id });
    expect(again).toMatchObject({
      ok: true,
      value: { status: 'finished', content: { id: first!.id, text: 'New text.' } },
    });
    const edited = await dispatch('create:update', { id: first!.id, text: 'Edited text.' });
    expect(edited).toMatchObject({ ok: true, value: { text: 'Edited text.' } });
    expect(await dispatch('create:delete', { id: first!.id })).toEqual({
      ok: true,
      value: { id: first!.id },
    });
    expect(await dispatch('create:get', { id: first!.id })).toMatchObject({
      ok: false,
      error: { status: 404 },
    });
  });

  it('tests the engine with a few tokens and leaves no content behind', async () => {
    const before = (await dispatch('create:list', {})) as { value: unknown[] };
    engine.answer = {
      kind: 'stream',
      pieces: ['One', ' two', ' three', ' four', ' five'],
      delayMs: 20,
    };
    const tested = await dispatch('create:test-engine', {});
    expect(tested).toEqual({
      ok: true,
      value: { text: 'One two three four five', firstTokenMs: expect.any(Number) },
    });
    expect(engine.requests.at(-1)!.body).toMatchObject({ max_tokens: expect.any(Number) });
    // The engine's own error comes back in words.
    engine.answer = { kind: 'error', status: 404, body: '{"error":{"message":"no such model"}}' };
    const failed = await dispatch('create:test-engine', {});
    expect(failed).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/no such model/) },
    });
    const after = (await dispatch('create:list', {})) as { value: unknown[] };
    expect(after.value).toHaveLength(before.value.length);
    expect(await dispatch('create:pick-model', {})).toEqual({
      ok: true,
      value: { supported: false, path: null },
    });
  });
});
