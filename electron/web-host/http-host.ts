import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDownloadChannel, isUploadChannel } from '../../shared/ipc/bridge';
import type { AppCore } from '../main/app-core';
import { SECURITY_HEADERS, serveStatic } from './static-files';
import { dispatchDownload, dispatchUpload } from './stream-channels';

export interface WebHostOptions {
  core: Pick<AppCore, 'dispatch' | 'subscribe'>;
  staticDir: string;
  token: string;
  host?: string;
  port?: number;
}

export interface WebHost {
  /** The address to open, with the per-launch token. */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
/** Channels whose input may be larger: a replace in every segment of a long document. */
const LARGE_BODY_BYTES: Partial<Record<string, number>> = {
  'segments:save-batch': 32 * 1024 * 1024,
};

/**
 * The same channels as Electron IPC, over HTTP on 127.0.0.1: `POST /ipc/<channel>` with the
 * per-launch token in `x-wordbench-token`, pushes as server-sent events on `/events?token=`. The
 * API key stays in this process, as it stays in Electron's main process.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? '127.0.0.1';
  const streams = new Set<ServerResponse>();
  const unsubscribe = options.core.subscribe((event, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const stream of streams) stream.write(frame);
  });

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { message: 'Web host failure.' });
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const address = server.address() as AddressInfo;
    // Refuse other Host names: a DNS-rebinding page must not reach the channels.
    if (!isLoopbackHost(request.headers.host, address.port)) {
      sendJson(response, 421, {
        message: 'This web host answers only on 127.0.0.1 and localhost.',
      });
      return;
    }
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (url.pathname.startsWith('/ipc/')) {
      await handleChannel(request, response, decodeURIComponent(url.pathname.slice(5)));
    } else if (url.pathname.startsWith('/stream/')) {
      await handleStream(request, response, url, decodeURIComponent(url.pathname.slice(8)));
    } else if (url.pathname === '/events') {
      handleEvents(request, response, url.searchParams.get('token'));
    } else if (request.method === 'GET' || request.method === 'HEAD') {
      serveStatic(options.staticDir, url.pathname, response);
    } else {
      sendJson(response, 405, { message: `${request.method} is not served here.` });
    }
  }

  async function handleChannel(
    request: IncomingMessage,
    response: ServerResponse,
    channel: string,
  ) {
    if (request.method !== 'POST') {
      sendJson(response, 405, { message: 'Channels answer POST only.' });
      return;
    }
    if (!hasToken(request.headers['x-wordbench-token'], options.token)) {
      sendJson(response, 401, { message: 'Missing or wrong web host token.' });
      return;
    }
    if (isUploadChannel(channel) || isDownloadChannel(channel)) {
      sendJson(response, 200, {
        ok: false,
        error: { code: 'invalid-input', message: `${channel} streams its bytes through /stream/.` },
      });
      return;
    }
    if (!isOwnOrigin(request)) {
      sendJson(response, 403, { message: 'Cross-origin calls are refused.' });
      return;
    }
    const limit = LARGE_BODY_BYTES[channel] ?? MAX_BODY_BYTES;
    const body = await readBody(request, limit);
    if (body === null) {
      sendJson(response, 413, { message: `Channel input over ${limit} bytes.` });
      return;
    }
    let input: unknown;
    try {
      input = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    } catch {
      sendJson(response, 200, {
        ok: false,
        error: { code: 'invalid-input', message: `Malformed JSON input for ${channel}.` },
      });
      return;
    }
    sendJson(response, 200, await options.core.dispatch(channel, input));
  }

  async function handleStream(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    channel: string,
  ) {
    // Uploads are fetch() calls with the token header; downloads are navigations, so the token
    // comes in the query there (as for the event stream).
    const isUpload = request.method === 'POST';
    const token = isUpload ? request.headers['x-wordbench-token'] : url.searchParams.get('token');
    if (!hasToken(token ?? undefined, options.token)) {
      sendJson(response, 401, { message: 'Missing or wrong web host token.' });
      return;
    }
    if (isUpload && !isOwnOrigin(request)) {
      sendJson(response, 403, { message: 'Cross-origin calls are refused.' });
      return;
    }
    if (!isUpload && request.method !== 'GET') {
      sendJson(response, 405, { message: 'Streams answer POST (uploads) or GET (downloads).' });
      return;
    }
    const result = isUpload
      ? await dispatchUpload(request, channel, options.core.dispatch)
      : await dispatchDownload(url, channel, response, options.core.dispatch);
    if (response.headersSent) {
      // A download that failed midway: the browser sees a cut transfer, never a half file named right.
      if (!response.writableEnded) response.destroy();
      return;
    }
    if (isUpload && !request.readableEnded) request.resume();
    sendJson(response, result.ok || isUpload ? 200 : errorStatus(result.error.status), result);
  }

  function handleEvents(request: IncomingMessage, response: ServerResponse, token: string | null) {
    if (!hasToken(token ?? undefined, options.token)) {
      sendJson(response, 401, { message: 'Missing or wrong web host token.' });
      return;
    }
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    streams.add(response);
    request.on('close', () => streams.delete(response));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/?token=${options.token}`,
    async close() {
      unsubscribe();
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Calls from our own page carry our origin (or none, for same-origin GETs and tools). */
function isOwnOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  return origin === undefined || origin === `http://${request.headers.host}`;
}

/** A failed download navigation answers with an HTTP error status the browser shows. */
function errorStatus(status: number | undefined): number {
  return status !== undefined && status >= 400 && status < 600 ? status : 400;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

function hasToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isLoopbackHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`;
}

/** Reads a small JSON body; over the limit it drains the rest (so the 413 can be sent) and gives null. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
