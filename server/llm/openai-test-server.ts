/**
 * Test support: a real HTTP server on 127.0.0.1 that speaks the OpenAI streaming protocol
 * (POST /v1/chat/completions, `text/event-stream`, `data: {...}` chunks, `data: [DONE]`). Each
 * request gets the answer the test sets: pieces with delays, an HTTP error, silence, garbage.
 * It records the requests and whether the client hung up before the answer ended.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedAnswer =
  /**
   * Streams the pieces, `delayMs` apart, the last with finish_reason `stop`; then `end`: `done`
   * (`data: [DONE]`, the default), `no-done` (closes without it), `silence` (no finish, no close).
   */
  | { kind: 'stream'; pieces: string[]; delayMs?: number; end?: 'done' | 'no-done' | 'silence' }
  /** An HTTP error with this body. */
  | { kind: 'error'; status: number; body: string }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** A 200 event stream whose data lines are these, as they are. */
  | { kind: 'raw-events'; data: string[] }
  /** A 200 answer of another type. */
  | { kind: 'body'; contentType: string; body: string };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface ScriptedOpenAiServer {
  /** `http://127.0.0.1:PORT/v1` */
  baseUrl: string;
  /** What the next requests get. */
  answer: ScriptedAnswer;
  requests: RecordedRequest[];
  /** Requests whose client hung up before the answer ended. */
  hungUp: number;
  /** Resolves at the next hang-up. */
  nextHangUp(): Promise<void>;
  close(): Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(content: string, finishReason: string | null): string {
  const choice = { index: 0, delta: { content }, finish_reason: finishReason };
  return `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [choice] })}\n\n`;
}

async function play(answer: ScriptedAnswer, response: ServerResponse): Promise<void> {
  const isOpen = () => !response.destroyed && !response.writableEnded;
  if (answer.kind === 'hang') return;
  if (answer.kind === 'error' || answer.kind === 'body') {
    const status = answer.kind === 'error' ? answer.status : 200;
    const type = answer.kind === 'error' ? 'application/json' : answer.contentType;
    response.writeHead(status, { 'content-type': type }).end(answer.body);
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  if (answer.kind === 'raw-events') {
    response.end(answer.data.map((line) => `data: ${line}\n\n`).join(''));
    return;
  }
  // A first chunk with the role only, as OpenAI sends it.
  response.write(
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`,
  );
  for (const [index, piece] of answer.pieces.entries()) {
    if (answer.delayMs) await wait(answer.delayMs);
    if (!isOpen()) return;
    const isLast = index === answer.pieces.length - 1 && answer.end !== 'silence';
    response.write(chunk(piece, isLast ? 'stop' : null));
  }
  if (answer.end === 'silence') return;
  if (answer.end === 'no-done') response.end();
  else response.end('data: [DONE]\n\n');
}

export async function startScriptedOpenAiServer(): Promise<ScriptedOpenAiServer> {
  let hangUpWaiters: Array<() => void> = [];
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => (text += part));
    request.on('end', () => {
      scripted.requests.push({
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(text || '{}') as Record<string, unknown>,
      });
      response.on('close', () => {
        if (response.writableEnded) return;
        scripted.hungUp++;
        hangUpWaiters.forEach((resolve) => resolve());
        hangUpWaiters = [];
      });
      void play(scripted.answer, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const scripted: ScriptedOpenAiServer = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    answer: { kind: 'stream', pieces: ['Hello', ' world'] },
    requests: [],
    hungUp: 0,
    nextHangUp: () => new Promise<void>((resolve) => hangUpWaiters.push(resolve)),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return scripted;
}
