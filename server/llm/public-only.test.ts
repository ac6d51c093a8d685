import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, EngineError } from './engine';
import { startScriptedOpenAiServer, type ScriptedOpenAiServer } from './openai-test-server';

// An organization's engine on a team server connects to public addresses only, checked on every
// connection (a name saved while public that resolves to the machine later is still refused).
let server: ScriptedOpenAiServer;
const ADVICE = 'start the server with --create-allow-local-engines to allow them';

beforeAll(async () => {
  server = await startScriptedOpenAiServer();
  server.answer = { kind: 'stream', pieces: ['Bright', '.'] };
});
afterAll(() => server.close());

const request = () => ({
  system: '',
  prompt: 'Describe a lamp.',
  maxTokens: 20,
  signal: new AbortController().signal,
});

async function outcome(baseUrl: string, allow?: string[]) {
  const engine = createEngine({
    kind: 'openai',
    baseUrl,
    model: 'tiny',
    timeoutMs: 2000,
    publicOnly: { advice: ADVICE, ...(allow && { allow }) },
  });
  const pieces: string[] = [];
  try {
    for await (const piece of engine.stream(request())) pieces.push(piece);
    return { pieces };
  } catch (error) {
    return { pieces, error };
  } finally {
    await engine.close();
  }
}

describe('an engine limited to public addresses', () => {
  it('refuses a loopback address written in the URL, without connecting', async () => {
    const before = server.requests.length;
    const { error } = await outcome(server.baseUrl);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toBe(
      `refused: 127.0.0.1 is a loopback address; ${ADVICE}`,
    );
    expect(server.requests.length).toBe(before);
  });

  it('refuses a name that resolves to a loopback address, when it connects', async () => {
    const before = server.requests.length;
    const { error } = await outcome(server.baseUrl.replace('127.0.0.1', 'localhost'));
    expect((error as EngineError).code).toBe('unreachable');
    expect((error as EngineError).message).toMatch(
      new RegExp(
        `^refused: localhost \\((127\\.0\\.0\\.1|::1)\\) is a loopback address; ${ADVICE}$`,
      ),
    );
    expect(server.requests.length).toBe(before);
  });

  it('goes through its guarded connections to what the allow list names', async () => {
    const named = await outcome(server.baseUrl.replace('127.0.0.1', 'localhost'), ['localhost']);
    expect(named).toEqual({ pieces: ['Bright', '.'] });
    const network = await outcome(server.baseUrl, ['127.0.0.0/8']);
    expect(network).toEqual({ pieces: ['Bright', '.'] });
  });
});
