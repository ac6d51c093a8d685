import { describe, expect, it } from 'vitest';
import { engineMessage, httpError, unreachableError } from './openai-errors';

const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });

describe('OpenAI engine errors', () => {
  it('names the usual server by its port', () => {
    const ollama = unreachableError(
      { baseUrl: 'http://127.0.0.1:11434/v1', timeoutMs: 1 },
      refused,
    );
    expect(ollama.message).toBe(
      'no engine answers at http://127.0.0.1:11434/v1 (ECONNREFUSED): is Ollama running?',
    );
    const other = unreachableError({ baseUrl: 'http://10.0.0.2:9999/v1', timeoutMs: 1 }, refused);
    expect(other.message).toContain('is the engine running, and is the address right?');
  });

  it("finds the engine's message in the usual error bodies", () => {
    expect(engineMessage('{"error":{"message":"bad key"}}')).toBe('bad key');
    expect(engineMessage('{"error":"model \\"x\\" not found"}')).toBe('model "x" not found');
    expect(engineMessage('{"detail":"Not Found"}')).toBe('Not Found');
    expect(engineMessage('  Bad Gateway  ')).toBe('Bad Gateway');
    expect(engineMessage('x'.repeat(400))).toHaveLength(303);
  });

  it('says what to check for a missing model', () => {
    const error = httpError({ baseUrl: 'http://h/v1', timeoutMs: 1 }, 404, '{"error":"no model"}');
    expect(error.code).toBe('refused');
    expect(error.message).toContain('HTTP 404: no model (check the model name');
  });
});
