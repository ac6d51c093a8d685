import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { LiltCreateContent, LiltCreateContentRequest } from '../../shared/api/create';
import type { apiClient } from '../test-support';
import { basic, rowsById, TEST_KEY } from '../test-support';
import type { Storage } from '../db/storage';
import { BASE } from './routes';

export { BASE };
export type Api = ReturnType<typeof apiClient>;

export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Parses a whole event stream strictly as this API writes it: blocks of `event: x`, one
 * `data: y` line and the `id: <contentId>` line, each block ended by a blank line, nothing else,
 * one content id throughout. Throws on anything else.
 */
export function parseSse(body: string): SseEvent[] {
  if (!body.endsWith('\n\n')) throw new Error(`the stream does not end with a blank line: ${body}`);
  const ids = new Set<string>();
  const events = body
    .slice(0, -2)
    .split('\n\n')
    .map((block) => {
      const match = /^event: ([^\n]+)\ndata: ([^\n]*)\nid: (\d+)$/.exec(block);
      if (!match) throw new Error(`not an event block: ${JSON.stringify(block)}`);
      ids.add(match[3]!);
      return { event: match[1]!, data: match[2]! };
    });
  if (ids.size > 1) throw new Error(`one stream, several content ids: ${[...ids].join(', ')}`);
  return events;
}

/** The content id the stream's events carry. */
export const sseIdOf = (body: string) => Number(/^id: (\d+)$/m.exec(body)?.[1]);

/** The `{"text"}` pieces of the `message` events before `[DONE]`. */
export const piecesOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'message' && e.data !== '[DONE]')
    .map((e) => (JSON.parse(e.data) as { text: string }).text);

export const sampleRequest = (
  overrides: Partial<LiltCreateContentRequest> = {},
): LiltCreateContentRequest => ({
  language: 'en-US',
  template: 'blog-post',
  templateParams: { contentLength: 100, language: 'en-US', sections: [], summary: 'hiking' },
  preferences: { tone: 'formal', styleguide: '' },
  ...overrides,
});

/** Signs the terms and points the organization at an OpenAI-compatible server. */
export async function enableCreate(api: Api, baseUrl: string): Promise<void> {
  const signed = await api.post(`${BASE}/terms-and-conditions`, { signedAgreement: true });
  expect(signed.statusCode, signed.body).toBe(200);
  const engine = await api.put(`${BASE}/engine`, { kind: 'openai', baseUrl, model: 'test' });
  expect(engine.statusCode, engine.body).toBe(200);
}

/** Generates through `app.inject`: the whole stream, parsed. */
export async function generate(api: Api, url = BASE, body: object = sampleRequest()) {
  const response = url === BASE ? await api.post(url, body) : await api.get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  const events = parseSse(response.body);
  const last = events.at(-1)!;
  return { response, events, content: JSON.parse(last.data) as LiltCreateContent };
}

/** A streaming request over a real socket, read as it comes. */
export interface LiveStream {
  response: IncomingMessage;
  /** Resolves once the body read so far contains `text`: its complete events. */
  until(text: string): Promise<string>;
  /** The whole body, once it ended. */
  done: Promise<string>;
  /** Hangs up mid-stream, as a closed browser tab does. */
  hangUp(): void;
}

/** POSTs a generation over a real socket, without waiting for the answer. */
export function postOverSocket(app: FastifyInstance, body: object) {
  const { port } = app.server.address() as AddressInfo;
  const payload = JSON.stringify(body);
  const request = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: BASE,
    headers: {
      authorization: basic(TEST_KEY),
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
    },
  });
  request.on('error', () => undefined);
  request.end(payload);
  return request;
}

export async function liveStream(app: FastifyInstance, body: object): Promise<LiveStream> {
  const request = postOverSocket(app, body);
  const response = await new Promise<IncomingMessage>((resolve) => request.on('response', resolve));
  response.setEncoding('utf8');
  let text = '';
  let waiters: Array<() => void> = [];
  response.on('data', (part: string) => {
    text += part;
    waiters.forEach((wake) => wake());
    waiters = [];
  });
  response.on('error', () => undefined);
  const done = new Promise<string>((resolve) => response.on('end', () => resolve(text)));
  return {
    response,
    done,
    async until(wanted: string) {
      while (!text.includes(wanted)) await new Promise<void>((wake) => waiters.push(wake));
      return text.slice(0, text.lastIndexOf('\n\n') + 2);
    },
    hangUp: () => request.destroy(),
  };
}

/** Every row of Create's tables: equal snapshots mean a request changed nothing. */
export function createTables(storage: Storage) {
  return rowsById(storage.db, ['create_settings', 'create_contents']);
}
