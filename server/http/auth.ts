import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createKeyFinder, type KeyOwner } from '../db/keys';
import type { Storage } from '../db/storage';
import {
  createAuthThrottle,
  DEFAULT_AUTH_THROTTLE,
  type AuthThrottleOptions,
  type ThrottleDecision,
} from './auth-throttle';

/** Who made the request: the key, its user and the user's organization. */
export type AuthContext = KeyOwner;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller. Set by the auth hook before any non-public route runs. */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** The route answers without an API key (`/health`, `/openapi.json`). */
    public?: boolean;
  }
}

export const WWW_AUTHENTICATE = 'Basic realm="wordbench"';

function fromAuthorization(value: string): string | null {
  const space = value.indexOf(' ');
  const scheme = value.slice(0, space).toLowerCase();
  const token = value.slice(space + 1).trim();
  if (scheme === 'bearer') return token || null;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const user = decoded.slice(0, colon);
  // The API key is both the user and the password; anything else is refused.
  return user && user === decoded.slice(colon + 1) ? user : null;
}

/**
 * The API key a request carries, or null when it carries none that can be used. Checked in this
 * order, and the first credential present decides: `Authorization: Basic base64(key:key)` or
 * `Bearer key`, then the `key` header, then the `key` query parameter.
 */
export function extractKey(headers: IncomingHttpHeaders, query: unknown): string | null {
  const authorization = headers.authorization;
  if (authorization && /^(basic|bearer) /i.test(authorization)) {
    return fromAuthorization(authorization);
  }
  const header = headers.key;
  if (typeof header === 'string' && header) return header;
  const fromQuery = isRecord(query) ? query.key : undefined;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The 401 of API.md Part A: plain text, not JSON, with a Basic challenge. */
export function sendUnauthorized(reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('www-authenticate', WWW_AUTHENTICATE)
    .send('Unauthorized');
}

/** Whether the request offered any credential at all, usable or not. */
function offersCredential(headers: IncomingHttpHeaders, query: unknown): boolean {
  return (
    headers.authorization !== undefined ||
    headers.key !== undefined ||
    (isRecord(query) && query.key !== undefined)
  );
}

function sendThrottled(
  reply: FastifyReply,
  decision: Extract<ThrottleDecision, { allowed: false }>,
  options: AuthThrottleOptions,
): FastifyReply {
  const { retryAfterSeconds, reason } = decision;
  const per = options.windowMs === 60_000 ? 'minute' : `${options.windowMs / 1000} seconds`;
  const why =
    reason === 'address'
      ? `Too many failed authentications from this address (at most ${options.maxFailures} per ${per})`
      : 'Too many addresses are failing to authenticate';
  return reply
    .code(429)
    .header('retry-after', retryAfterSeconds)
    .send({ message: `${why}. Retry after ${retryAfterSeconds} seconds.` });
}

export interface AuthOptions {
  /** Failed authentications per address before 429; `null` turns the throttle off. */
  throttle?: AuthThrottleOptions | null;
  now?: () => number;
}

/**
 * Resolves the caller on every request before the body is read, so an unauthenticated upload is
 * refused without being received. Routes marked `config: { public: true }` skip the check.
 *
 * Wrong credentials are throttled per address, but a valid key is always looked up first and
 * served: clients sharing an address (a NAT, the desktop app) are not locked out by one of them
 * with a stale key. Requests with no credential at all are not counted: they cannot guess a key,
 * and they must keep getting the 401 challenge that makes a client send one.
 */
export function registerAuth(
  app: FastifyInstance,
  storage: Storage,
  options: AuthOptions = {},
): void {
  const findKey = createKeyFinder(storage);
  const throttleOptions = options.throttle === undefined ? DEFAULT_AUTH_THROTTLE : options.throttle;
  const throttle = throttleOptions && createAuthThrottle(throttleOptions, options.now);
  // Placeholder so every request object has the same shape; the hook fills it in.
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request, reply) => {
    const key = extractKey(request.headers, request.query);
    const offered = offersCredential(request.headers, request.query);
    // Routes never see the API key as a query parameter (nor does `additionalProperties: false`).
    if (isRecord(request.query)) delete request.query.key;
    if (request.routeOptions.config.public) return;
    const owner = key === null ? null : await findKey(key);
    if (owner) {
      request.auth = owner;
      return;
    }
    if (throttle && throttleOptions && offered) {
      const decision = throttle.fail(request.ip);
      if (!decision.allowed) return sendThrottled(reply, decision, throttleOptions);
    }
    return sendUnauthorized(reply);
  });
}
