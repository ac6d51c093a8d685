import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import type { AddressGuard } from '../net/address-guard';

/** One webhook message: the event's exact body, signed with the configuration's secret. */
export interface WebhookMessage {
  url: string;
  /** `whsec_` + base64 of the key. */
  secret: string;
  /** The `webhook-id` header: the event's message id, the same on every retry. */
  messageId: string;
  /** The JSON text sent, byte for byte what is signed. */
  body: string;
}

export interface SendOptions {
  /** The whole exchange, connect to the last byte read (default 15 s). */
  timeoutMs?: number;
  /** The team server's private-address rule; none on one desktop. */
  guard?: AddressGuard | null;
  /** Sent in the user agent, `Wordbench-Webhooks/<version>`. */
  version?: string;
  /** Aborts the attempt (the dispatcher stopping). */
  signal?: AbortSignal;
  /** The signing time, epoch ms (default: the wall clock; receivers check it within minutes). */
  now?: () => number;
}

/** The outcome of one attempt: `error` is null exactly when a 2xx answer came in time. */
export interface SendResult {
  status: number | null;
  durationMs: number;
  error: string | null;
}

export const DEFAULT_SEND_TIMEOUT_MS = 15_000;
/** How much of a response body is read (and kept, in part, for the error). */
const MAX_BODY_BYTES = 4096;
const ERROR_BODY_CHARS = 200;

/** The Standard Webhooks headers of `message`, signed at `at`. */
export function webhookHeaders(message: WebhookMessage, at: Date, version: string) {
  return {
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(message.secret).sign(message.messageId, at, message.body),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(message.body)),
    'user-agent': `Wordbench-Webhooks/${version}`,
  };
}

function describeFailure(response: IncomingMessage, body: string): string {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    const location = response.headers.location;
    return `redirect not followed (HTTP ${status}${location ? ` to ${location}` : ''})`;
  }
  const excerpt = body.replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_CHARS);
  return `HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`;
}

/**
 * POSTs one webhook message; never throws. Redirects are not followed (a 3xx is a failure), the
 * response body is read up to 4 KiB, and the whole exchange is bounded by `timeoutMs`.
 */
export function sendWebhook(
  message: WebhookMessage,
  options: SendOptions = {},
): Promise<SendResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  const result = (status: number | null, error: string | null): SendResult => ({
    status,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  let url: URL;
  try {
    url = new URL(message.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`not an http(s) URL: ${url.protocol}`);
    }
    options.guard?.checkHost(url.hostname);
  } catch (error) {
    return Promise.resolve(result(null, (error as Error).message));
  }
  const at = new Date(options.now?.() ?? Date.now());
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const req = request(url, {
    method: 'POST',
    headers: webhookHeaders(message, at, options.version ?? '0.0.0-dev'),
    // A connection of its own each time: nothing pooled outlives the attempt or its checks.
    agent: false,
    ...(options.guard ? { lookup: options.guard.lookup } : {}),
  });
  return new Promise<SendResult>((resolve) => {
    let status: number | null = null;
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      req.destroy();
      resolve(result(status, error));
    };
    // The status stays when a body is cut short: the receiver did answer.
    const timer = setTimeout(
      () => finish(`timed out after ${Math.round(timeoutMs / 100) / 10} s`),
      timeoutMs,
    );
    const onAbort = () => finish('aborted: the server is stopping');
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort);
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        const refused = options.guard?.checkConnected(url.hostname, socket.remoteAddress);
        if (refused) finish(refused.message);
      });
    });
    req.on('error', (error) => finish(error.message || String(error)));
    req.on('response', (response) => {
      status = response.statusCode ?? null;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const body = Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8');
        const ok = status !== null && status >= 200 && status < 300;
        finish(ok ? null : describeFailure(response, body));
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_BODY_BYTES) done();
      });
      response.on('end', done);
      response.on('error', (error) => finish(error.message));
    });
    req.end(message.body);
  });
}
