/**
 * The OpenAI-compatible HTTP engine: POST {baseUrl}/chat/completions with `stream: true`, read
 * the Server-Sent Events (`data: {choices: [{delta: {content}}]}` ... `data: [DONE]`). One
 * silence timeout covers the wait for the first byte and every gap between pieces. Aborting, or
 * leaving the loop, closes the connection, which is how these servers learn to stop generating.
 */
import type { GenerationRequest, OpenAiEngineSettings, TextEngine } from './engine';
import { EngineError } from './errors';
import {
  badAnswerError,
  brokenStreamError,
  engineMessage,
  httpError,
  silenceError,
  unreachableError,
  type EngineAddress,
} from './openai-errors';
import { Connection } from './openai-connection';
import { engineTransport, refusalOf, type EngineTransport } from './public-only';
import { sseEvents } from './sse-events';

const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_ERROR_BODY = 64 * 1024;

/** The text of one stream chunk; throws on an error event or on something that is not JSON. */
function pieceOf(address: EngineAddress, data: string): { text: string; isFinished: boolean } {
  let chunk: {
    error?: unknown;
    choices?: Array<{ delta?: { content?: unknown }; finish_reason?: unknown }>;
  };
  try {
    chunk = JSON.parse(data) as typeof chunk;
  } catch {
    throw badAnswerError(address, `"${data.slice(0, 80)}"`);
  }
  if (chunk?.error !== undefined) {
    throw new EngineError(
      'failed',
      `the engine at ${address.baseUrl} failed mid-stream: ${engineMessage(data)}`,
    );
  }
  if (typeof chunk !== 'object' || !Array.isArray(chunk?.choices)) {
    throw badAnswerError(address, `a chunk without choices ("${data.slice(0, 80)}")`);
  }
  const choice = chunk.choices[0];
  const content = choice?.delta?.content;
  return {
    text: typeof content === 'string' ? content : '',
    isFinished: Boolean(choice?.finish_reason),
  };
}

/** The start of an error answer's body; an engine may not flood us with its error page. */
async function errorBody(response: Response): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    if (text.length >= MAX_ERROR_BODY) break;
  }
  return text.slice(0, MAX_ERROR_BODY);
}

/** Sends the chat request; resolves with an OK event-stream answer, or throws in words. */
async function post(
  settings: OpenAiEngineSettings,
  address: EngineAddress,
  request: GenerationRequest,
  connection: Connection,
  transport: EngineTransport,
): Promise<Response> {
  const messages = [
    ...(request.system ? [{ role: 'system', content: request.system }] : []),
    { role: 'user', content: request.prompt },
  ];
  transport.check(address.baseUrl);
  const dispatcher = await transport.dispatcher();
  const init: RequestInit & { dispatcher?: unknown } = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: settings.model,
      messages,
      stream: true,
      max_tokens: request.maxTokens,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    }),
    signal: connection.controller.signal,
    ...(dispatcher && { dispatcher }),
  };
  const response = await fetch(`${address.baseUrl}/chat/completions`, init).catch(
    (error: unknown) => {
      throw connection.stopReason ? error : (refusalOf(error) ?? unreachableError(address, error));
    },
  );
  connection.heard();
  if (!response.ok) {
    throw httpError(address, response.status, await errorBody(response));
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    throw badAnswerError(address, `an answer of type "${type || 'unknown'}"`);
  }
  return response;
}

/** The text pieces of an event-stream answer, up to `[DONE]`. */
async function* readPieces(
  address: EngineAddress,
  response: Response,
  connection: Connection,
): AsyncGenerator<string> {
  let isFinished = false;
  try {
    for await (const event of sseEvents(connection.watch(response.body!))) {
      // Events already read in one chunk are not passed on once the stream was stopped.
      if (connection.stopReason) throw new Error(`stopped: ${connection.stopReason}`);
      if (event.data === '[DONE]') return;
      const piece = pieceOf(address, event.data);
      isFinished ||= piece.isFinished;
      if (piece.text) yield piece.text;
    }
  } catch (error) {
    throw connection.stopReason || error instanceof EngineError
      ? error
      : brokenStreamError(address, error);
  }
  // Some servers close after the last chunk without [DONE]; a stream cut short is an error.
  if (!isFinished) throw brokenStreamError(address, new Error('it ended before [DONE]'));
}

export function createOpenAiEngine(settings: OpenAiEngineSettings): TextEngine {
  let url: URL;
  try {
    url = new URL(settings.baseUrl);
  } catch {
    throw new EngineError('settings', `the engine's base URL is not a URL: "${settings.baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EngineError('settings', `the engine's base URL must start with http:// or https://`);
  }
  if (!settings.model.trim()) throw new EngineError('settings', 'the engine needs a model name');
  if (settings.timeoutMs !== undefined && !(settings.timeoutMs > 0)) {
    throw new EngineError('settings', `the timeout must be above 0 ms, not ${settings.timeoutMs}`);
  }
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  const address: EngineAddress = { baseUrl, timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  const open = new Set<Connection>();
  const transport = engineTransport(settings.publicOnly);
  let isClosed = false;

  async function* stream(request: GenerationRequest): AsyncGenerator<string> {
    if (isClosed) throw new EngineError('closed', 'the engine was closed');
    if (request.signal.aborted) return;
    const connection = new Connection(request.signal, address.timeoutMs);
    open.add(connection);
    try {
      const response = await post(settings, address, request, connection, transport);
      yield* readPieces(address, response, connection);
    } catch (error) {
      if (connection.stopReason === 'caller') return;
      if (connection.stopReason === 'timeout') throw silenceError(address, connection.hasAnswered);
      if (connection.stopReason === 'closed') {
        throw new EngineError('closed', 'the engine was closed');
      }
      throw error;
    } finally {
      connection.end();
      open.delete(connection);
    }
  }

  return {
    description: `OpenAI-compatible: ${baseUrl} (${settings.model})`,
    stream,
    prepare: async () => {},
    close: async () => {
      isClosed = true;
      for (const connection of open) connection.stop('closed');
      await transport.close();
    },
  };
}
