import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { GatewayError, errorFromResponse, parseRetryAfter } from './gateway-error';
import { certificateHint, fetchTrusting, refusePlainHttp } from './transport';

/** Where calls go and with which key. Resolved per call, so a settings change applies at once. */
export interface GatewayTarget {
  baseUrl: string;
  commentsBaseUrl: string;
  apiKey: string;
  /** Certificate authorities (PEM) trusted besides the system's: a team's own. */
  ca?: string;
}

export interface GatewayOptions {
  /** Throws a GatewayError (code `not-configured`) when there is nowhere to send calls. */
  target: () => GatewayTarget;
  timeoutMs?: number;
  /** How many times a 429 is retried after waiting `Retry-After`. */
  maxRetries?: number;
  /** A 429 asking for a longer wait than this fails at once with the wait in its hint. */
  maxRetryWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

type QueryValue = string | number | boolean | undefined | ReadonlyArray<string | number>;

export interface GatewayRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the base, starting with `/` (`/v2/languages`, `/comments`). */
  path: string;
  /** `comments` sends the call to the comments base URL (`/2` on our server). */
  base?: 'api' | 'comments';
  query?: Record<string, QueryValue>;
  json?: unknown;
  /** Raw bytes (uploads); sent as application/octet-stream unless `headers` say otherwise. */
  bytes?: Uint8Array;
  /** A streamed body (large uploads), never held whole in memory. */
  upload?: UploadSource;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface UploadSource {
  /** Opens the bytes from the start; called again when a 429 makes the gateway retry. */
  open: () => Readable;
  /** Total bytes, when known, for progress. */
  size?: number;
  onProgress?: (sentBytes: number, totalBytes: number | undefined) => void;
}

export interface Gateway {
  /** Sends a call and parses the JSON answer (empty answers give `undefined`). */
  json<T>(request: GatewayRequest): Promise<T>;
  /** Sends a call and returns the raw answer bytes (small downloads). */
  bytes(request: GatewayRequest): Promise<Uint8Array>;
  /** Sends a call and streams the answer (large downloads): never whole in memory. */
  download(request: GatewayRequest): Promise<{ body: Readable; size: number | undefined }>;
  /** Sends a call without credentials (for `/health`). */
  health(): Promise<{ status: string; version?: string }>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The only HTTP client of the Translation Workflow API. It adds the credentials (Basic key:key),
 * applies timeouts, waits and retries after a 429 as `Retry-After` asks, and turns every failure
 * into one GatewayError the renderer can show.
 */
export function createGateway(options: GatewayOptions): Gateway {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 2;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  const doFetch = options.fetch ?? fetch;

  async function send(request: GatewayRequest, withKey: boolean): Promise<Response> {
    const target = options.target();
    const url = buildUrl(
      request.base === 'comments' ? target.commentsBaseUrl : target.baseUrl,
      request,
    );
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (withKey) {
      refusePlainHttp(url);
      headers.authorization = basicAuth(target.apiKey);
    }
    let body: string | Uint8Array | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.bytes !== undefined || request.upload !== undefined) {
      headers['content-type'] ??= 'application/octet-stream';
      body = request.bytes;
    }
    if (request.upload?.size !== undefined) headers['content-length'] = String(request.upload.size);

    for (let attempt = 0; ; attempt += 1) {
      const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, body };
      let sourceError: Error | undefined;
      if (request.upload) {
        const counted = countingStream(request.upload, (error) => (sourceError = error));
        init.body = Readable.toWeb(counted) as ReadableStream<Uint8Array>;
        // Node's fetch streams a request body only in half-duplex mode.
        init.duplex = 'half';
      }
      const response = await fetchWithTimeout(url, init, request, target.ca).catch(
        (error: unknown) => {
          if (!sourceError) throw error;
          throw new GatewayError({
            code: 'bad-request',
            message: `Could not read the file being uploaded: ${sourceError.message}`,
          });
        },
      );
      if (response.status !== 429 || attempt >= maxRetries) return response;
      const waitSeconds = parseRetryAfter(response.headers.get('retry-after')) ?? 1;
      if (waitSeconds * 1000 > maxRetryWaitMs) return response;
      await response.body?.cancel();
      await sleep(waitSeconds * 1000);
    }
  }

  async function fetchWithTimeout(
    url: string,
    init: RequestInit,
    request: GatewayRequest,
    ca: string | undefined,
  ): Promise<Response> {
    const limit = request.timeoutMs ?? timeoutMs;
    const signals = [AbortSignal.timeout(limit), ...(request.signal ? [request.signal] : [])];
    try {
      return await fetchTrusting(ca, doFetch)(url, { ...init, signal: AbortSignal.any(signals) });
    } catch (error) {
      throw networkError(error, url, limit, request.signal);
    }
  }

  async function checked(request: GatewayRequest, withKey = true): Promise<Response> {
    const response = await send(request, withKey);
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    throw errorFromResponse(
      response.status,
      text,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }

  return {
    async json<T>(request: GatewayRequest): Promise<T> {
      const response = await checked(request);
      const text = await response.text();
      if (text.length === 0) return undefined as T;
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new GatewayError({
          code: 'server',
          status: response.status,
          message: `The server answered ${request.method} ${request.path} with something that is not JSON.`,
          hint: 'Check that the base URL points at a Translation Workflow API server.',
        });
      }
    },
    async bytes(request: GatewayRequest): Promise<Uint8Array> {
      const response = await checked(request);
      return new Uint8Array(await response.arrayBuffer());
    },
    async download(request: GatewayRequest) {
      const response = await checked(request);
      // A streamed (chunked) answer has no Content-Length: its size is unknown, not 0.
      const header = response.headers.get('content-length');
      const length = header === null ? Number.NaN : Number(header);
      const body = response.body
        ? Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)
        : Readable.from([]);
      return { body, size: Number.isFinite(length) && length >= 0 ? length : undefined };
    },
    async health() {
      const response = await checked({ method: 'GET', path: '/health' }, false);
      return (await response.json()) as { status: string; version?: string };
    },
  };
}

/** The upload's bytes, reporting progress as they leave. */
function countingStream(upload: UploadSource, onSourceError: (error: Error) => void): Readable {
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sent += chunk.length;
      upload.onProgress?.(sent, upload.size);
      callback(null, chunk);
    },
  });
  const source = upload.open();
  source.on('error', (error) => {
    onSourceError(error);
    counter.destroy(error);
  });
  return source.pipe(counter);
}

function buildUrl(base: string, request: GatewayRequest): string {
  const url = new URL(base.replace(/\/+$/, '') + request.path);
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value === undefined) continue;
    url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.toString();
}

function basicAuth(key: string): string {
  return `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`;
}

function networkError(error: unknown, url: string, limitMs: number, callerSignal?: AbortSignal) {
  const origin = new URL(url).origin;
  if (callerSignal?.aborted) {
    return new GatewayError({ code: 'network', message: 'The request was cancelled.' });
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new GatewayError({
      code: 'timeout',
      message: `The server at ${origin} did not answer within ${Math.round(limitMs / 1000)} seconds.`,
      hint: 'Check your network, or try again later.',
    });
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  return new GatewayError({
    code: 'network',
    message: `Cannot reach the server at ${origin}${cause ? ` (${cause})` : ''}.`,
    hint:
      certificateHint(error) ?? 'Check the base URL in Settings and that the server is running.',
  });
}
