import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, EngineError, type TextEngine } from './engine';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from './openai-test-server';

let server: ScriptedOpenAiServer;
let engine: TextEngine;

beforeAll(async () => {
  server = await startScriptedOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests = [];
  engine = createEngine({
    kind: 'openai',
    baseUrl: server.baseUrl,
    model: 'tiny',
    timeoutMs: 2000,
  });
});

const request = (signal = new AbortController().signal) => ({
  system: 'You write product copy.',
  prompt: 'Describe a lamp.',
  maxTokens: 50,
  signal,
});

/** Every piece, and the error the stream ended with, if any. */
async function drain(
  stream: AsyncIterable<string>,
): Promise<{ pieces: string[]; error?: unknown }> {
  const pieces: string[] = [];
  try {
    for await (const piece of stream) pieces.push(piece);
    return { pieces };
  } catch (error) {
    return { pieces, error };
  }
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const { pieces, error } = await drain(stream);
  if (error) throw error;
  return pieces;
}

/** The EngineError the stream ends with. */
async function failure(stream: AsyncIterable<string>): Promise<EngineError> {
  const { error } = await drain(stream);
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('OpenAI-compatible engine', () => {
  it('streams the pieces in order and sends an OpenAI chat request', async () => {
    server.answer = { kind: 'stream', pieces: ['A ', 'warm ', 'lamp', '.'], delayMs: 5 };
    const keyed = createEngine({
      kind: 'openai',
      baseUrl: `${server.baseUrl}/`,
      model: 'llama3',
      apiKey: 'sk-test',
    });
    expect(keyed.description).toBe(`OpenAI-compatible: ${server.baseUrl} (llama3)`);
    const pieces = await collect(keyed.stream({ ...request(), temperature: 0.7 }));
    expect(pieces).toEqual(['A ', 'warm ', 'lamp', '.']);
    const [sent] = server.requests;
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toEqual({
      model: 'llama3',
      messages: [
        { role: 'system', content: 'You write product copy.' },
        { role: 'user', content: 'Describe a lamp.' },
      ],
      stream: true,
      max_tokens: 50,
      temperature: 0.7,
    });
  });

  it('stops quietly when the signal aborts, and closes the connection', async () => {
    server.answer = { kind: 'stream', pieces: Array.from({ length: 200 }, () => 'x'), delayMs: 10 };
    const controller = new AbortController();
    const hungUp = server.nextHangUp();
    const pieces: string[] = [];
    for await (const piece of engine.stream(request(controller.signal))) {
      pieces.push(piece);
      if (pieces.length === 3) controller.abort();
    }
    expect(pieces).toHaveLength(3);
    await hungUp;
  });

  it('passes on nothing already received once the signal aborts', async () => {
    const events = ['one', 'two', 'three'].map(
      (content) => `{"choices":[{"delta":{"content":"${content}"}}]}`,
    );
    server.answer = { kind: 'raw-events', data: [...events, '[DONE]'] };
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of engine.stream(request(controller.signal))) {
      pieces.push(piece);
      controller.abort();
    }
    expect(pieces).toEqual(['one']);
  });

  it('closes the connection when the caller leaves the loop', async () => {
    server.answer = { kind: 'stream', pieces: Array.from({ length: 200 }, () => 'y'), delayMs: 10 };
    const hungUp = server.nextHangUp();
    for await (const piece of engine.stream(request())) {
      expect(piece).toBe('y');
      break;
    }
    await hungUp;
  });

  it('says no engine answers when nothing listens at the address', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const down = createEngine({ kind: 'openai', baseUrl, model: 'tiny' });
    const error = await failure(down.stream(request()));
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain(`no engine answers at ${baseUrl} (ECONNREFUSED)`);
  });

  it('passes on an HTTP 401 with the engine message and what to check', async () => {
    const body = {
      error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
    };
    server.answer = { kind: 'error', status: 401, body: JSON.stringify(body) };
    const error = await failure(engine.stream(request()));
    expect(error.code).toBe('refused');
    expect(error.status).toBe(401);
    expect(error.message).toContain('HTTP 401: Incorrect API key provided (check the API key)');
  });

  it("passes on an HTTP 500 with Ollama's error shape", async () => {
    server.answer = { kind: 'error', status: 500, body: '{"error":"model runner has crashed"}' };
    const error = await failure(engine.stream(request()));
    expect(error.code).toBe('failed');
    expect(error.status).toBe(500);
    expect(error.message).toContain('HTTP 500: model runner has crashed');
  });

  it('times out when the engine never answers, and hangs up', async () => {
    server.answer = { kind: 'hang' };
    const hungUp = server.nextHangUp();
    const quick = createEngine({
      kind: 'openai',
      baseUrl: server.baseUrl,
      model: 'm',
      timeoutMs: 200,
    });
    const error = await failure(quick.stream(request()));
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('did not answer within 0.2 s');
    await hungUp;
  });

  it('times out when the stream goes silent after some pieces', async () => {
    server.answer = { kind: 'stream', pieces: ['one', 'two'], end: 'silence' };
    const quick = createEngine({
      kind: 'openai',
      baseUrl: server.baseUrl,
      model: 'm',
      timeoutMs: 200,
    });
    const { pieces, error } = await drain(quick.stream(request()));
    expect(pieces).toEqual(['one', 'two']);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('timeout');
    expect((error as EngineError).message).toContain('stopped sending for 0.2 s');
  });

  it('refuses garbage, a page that is not a stream, and an error event', async () => {
    server.answer = { kind: 'raw-events', data: ['<html>oops</html>'] };
    expect((await failure(engine.stream(request()))).code).toBe('bad-answer');
    server.answer = {
      kind: 'body',
      contentType: 'text/html',
      body: '<html>Ollama is running</html>',
    };
    const page = await failure(engine.stream(request()));
    expect(page.code).toBe('bad-answer');
    expect(page.message).toContain('is the base URL right');
    server.answer = {
      kind: 'raw-events',
      data: ['{"error":{"message":"context length exceeded"}}'],
    };
    const event = await failure(engine.stream(request()));
    expect(event.code).toBe('failed');
    expect(event.message).toContain('failed mid-stream: context length exceeded');
  });

  it('reports a stream cut short before it finished', async () => {
    // No finish_reason, no [DONE]: the connection closed mid-answer.
    server.answer = { kind: 'raw-events', data: ['{"choices":[{"delta":{"content":"half"}}]}'] };
    const error = await failure(engine.stream(request()));
    expect(error.code).toBe('failed');
    expect(error.message).toContain('ended before [DONE]');
  });

  it('accepts a stream that finished without [DONE]', async () => {
    server.answer = { kind: 'stream', pieces: ['all', ' of it'], end: 'no-done' };
    expect(await collect(engine.stream(request()))).toEqual(['all', ' of it']);
  });

  it('close() ends open streams and refuses new ones', async () => {
    server.answer = { kind: 'stream', pieces: Array.from({ length: 200 }, () => 'z'), delayMs: 10 };
    const hungUp = server.nextHangUp();
    const stream = engine.stream(request())[Symbol.asyncIterator]();
    expect((await stream.next()).value).toBe('z');
    await engine.close();
    const rest = failure({ [Symbol.asyncIterator]: () => stream });
    expect((await rest).code).toBe('closed');
    await hungUp;
    expect((await failure(engine.stream(request()))).code).toBe('closed');
  });

  it('rejects settings that cannot work, in words', () => {
    const make =
      (baseUrl: string, model = 'm') =>
      () =>
        createEngine({ kind: 'openai', baseUrl, model });
    expect(make('localhost:11434')).toThrow(/must start with http/);
    expect(make('not a url')).toThrow(/not a URL/);
    expect(make('http://127.0.0.1:11434/v1', ' ')).toThrow(/needs a model name/);
    expect(() =>
      createEngine({ kind: 'openai', baseUrl: 'http://h/v1', model: 'm', timeoutMs: 0 }),
    ).toThrow(/timeout must be above 0/);
  });
});
