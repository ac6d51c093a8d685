/**
 * The OpenAI-compatible engine's failures, in words that say what to do. Engines report errors
 * as `{"error": {"message": ...}}` (OpenAI, vLLM, llama.cpp server, LM Studio) or
 * `{"error": "..."}` (Ollama); anything else is quoted as text.
 */
import { EngineError } from './errors';

/** The usual servers by their default port, to name the likely culprit. */
const KNOWN_PORTS: Record<string, string> = {
  '11434': 'is Ollama running?',
  '8080': 'is the llama.cpp server running?',
  '1234': "is LM Studio's server running?",
  '8000': 'is vLLM running?',
};

/** Everything a failed request knows about the engine. */
export interface EngineAddress {
  baseUrl: string;
  timeoutMs: number;
}

/** fetch failed before any answer: nothing listens, the name does not resolve, TLS fails. */
export function unreachableError(address: EngineAddress, error: unknown): EngineError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (error as Error).message;
  const port = new URL(address.baseUrl).port;
  const hint = KNOWN_PORTS[port] ?? 'is the engine running, and is the address right?';
  return new EngineError(
    'unreachable',
    `no engine answers at ${address.baseUrl} (${why}): ${hint}`,
    {
      cause: error,
    },
  );
}

export function silenceError(address: EngineAddress, hasAnswered: boolean): EngineError {
  const seconds = Math.round(address.timeoutMs / 100) / 10;
  const what = hasAnswered ? 'stopped sending for' : 'did not answer within';
  return new EngineError(
    'timeout',
    `the engine at ${address.baseUrl} ${what} ${seconds} s: it may be loading a large model or ` +
      'overloaded; try again, or raise its timeout',
  );
}

export function brokenStreamError(address: EngineAddress, error: unknown): EngineError {
  return new EngineError(
    'failed',
    `the connection to the engine at ${address.baseUrl} broke mid-stream (${(error as Error).message})`,
    { cause: error },
  );
}

/** The engine's own message out of an error body, shortened. */
export function engineMessage(body: string): string {
  let message: unknown;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = parsed.error as { message?: unknown } | string | undefined;
    message =
      typeof error === 'object' ? error?.message : (error ?? parsed.message ?? parsed.detail);
  } catch {
    message = body;
  }
  const text = (typeof message === 'string' ? message : JSON.stringify(message ?? '')).trim();
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}

function advice(status: number): string {
  if (status === 401 || status === 403) return 'check the API key';
  if (status === 404)
    return 'check the model name, and that the base URL ends where /chat/completions begins (often /v1)';
  if (status === 429) return 'the engine is busy or out of quota; try again later';
  if (status >= 500) return 'the engine failed; its own log says more';
  return 'check the engine settings';
}

/** An HTTP error answer: 4xx is `refused`, 5xx `failed`, both with the engine's message. */
export function httpError(address: EngineAddress, status: number, body: string): EngineError {
  const message = engineMessage(body) || 'no message';
  return new EngineError(
    status >= 500 ? 'failed' : 'refused',
    `the engine at ${address.baseUrl} answered HTTP ${status}: ${message} (${advice(status)})`,
    { status },
  );
}

export function badAnswerError(address: EngineAddress, what: string): EngineError {
  return new EngineError(
    'bad-answer',
    `the engine at ${address.baseUrl} sent ${what}, not an OpenAI-style stream: is the base URL right (it usually ends in /v1)?`,
  );
}
