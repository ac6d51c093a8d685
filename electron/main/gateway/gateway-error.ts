import type { IpcError, IpcErrorCode } from '../../../shared/ipc/errors';

/** The one error the gateway throws: what went wrong, in words, and what to do about it. */
export class GatewayError extends Error {
  readonly code: IpcErrorCode;
  readonly status: number | undefined;
  readonly hint: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    code: IpcErrorCode;
    message: string;
    status?: number;
    hint?: string;
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.name = 'GatewayError';
    this.code = init.code;
    this.status = init.status;
    this.hint = init.hint;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  toIpcError(): IpcError {
    return {
      code: this.code,
      message: this.message,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.hint === undefined ? {} : { hint: this.hint }),
    };
  }
}

const STATUS_CODES: Record<number, IpcErrorCode> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'unauthorized',
  404: 'not-found',
  405: 'unsupported',
  409: 'conflict',
  410: 'not-found',
  413: 'payload-too-large',
  415: 'bad-request',
  429: 'rate-limited',
  501: 'unsupported',
};

const HINTS: Partial<Record<IpcErrorCode, string>> = {
  unauthorized: 'Check the API key in Settings.',
  unsupported: 'This server does not offer that operation.',
  server: 'The server failed; try again, and report it if it keeps happening.',
};

/** Turns an API answer that is not 2xx into a GatewayError carrying the server's own message. */
export function errorFromResponse(
  status: number,
  body: string,
  retryAfterSeconds: number | undefined,
): GatewayError {
  const code = STATUS_CODES[status] ?? (status >= 500 ? 'server' : 'bad-request');
  const serverMessage = messageFromBody(body);
  const message =
    status === 401
      ? 'The server refused the API key.'
      : (serverMessage ?? `The server answered ${status}.`);
  const hint =
    code === 'rate-limited' && retryAfterSeconds !== undefined
      ? `Too many requests: wait ${retryAfterSeconds} seconds and try again.`
      : HINTS[code];
  return new GatewayError({
    code,
    status,
    message,
    ...(hint === undefined ? {} : { hint }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });
}

function messageFromBody(body: string): string | undefined {
  if (body.length === 0) return undefined;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message.length > 0) return parsed.message;
    if (parsed.message !== undefined) return JSON.stringify(parsed.message);
  } catch {
    // Not JSON: a short text body is still the best message there is.
  }
  return body.length <= 300 ? body.trim() : undefined;
}

/** `Retry-After` is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
