import type { FastifyInstance } from 'fastify';
import { SlidingLog } from './sliding-log';

export interface QuotaOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowMs: number;
  /** How long a key stays refused, counted from its first refused request. */
  blockMs: number;
}

/** API.md Part A: 4000 requests per minute per key, then 60 s of 429. */
export const DEFAULT_QUOTA: QuotaOptions = { limit: 4000, windowMs: 60_000, blockMs: 60_000 };

export type QuotaDecision =
  | { allowed: true; limit: number; remaining: number; resetAt: number }
  | { allowed: false; limit: number; retryAfterSeconds: number; resetAt: number };

interface Entry {
  log: SlidingLog;
  blockedUntil: number;
}

/**
 * Per key, a sliding log of accepted requests (server/http/sliding-log.ts): no interval of
 * `windowMs` ever accepts more than `limit`; past it the key is refused for `blockMs`. Keys with
 * no request in the last window and no block are swept once per window, so memory stays bounded
 * by the keys active in the last minute or so (at most `limit` numbers each: 32 KiB at 4,000).
 */
export function createQuota(options: QuotaOptions, now: () => number = Date.now) {
  const entries = new Map<string | number, Entry>();
  let lastSweep = now();

  function sweep(time: number): void {
    if (time - lastSweep < options.windowMs) return;
    lastSweep = time;
    for (const [id, entry] of entries) {
      if (time - entry.log.newest() >= options.windowMs && time >= entry.blockedUntil) {
        entries.delete(id);
      }
    }
  }

  function check(id: string | number): QuotaDecision {
    const { limit, windowMs, blockMs } = options;
    const clock = now();
    sweep(clock);
    let entry = entries.get(id);
    // A clock that steps back must not reopen the window: times stay in order.
    const time = Math.max(clock, entry ? entry.log.newest() : -Infinity);
    if (entry && time < entry.blockedUntil) {
      const retryAfterSeconds = Math.ceil((entry.blockedUntil - time) / 1000);
      return { allowed: false, limit, retryAfterSeconds, resetAt: entry.blockedUntil };
    }
    if (!entry) {
      entry = { log: new SlidingLog(limit, windowMs), blockedUntil: 0 };
      entries.set(id, entry);
    }
    if (!entry.log.tryAccept(time)) {
      entry.blockedUntil = time + blockMs;
      return {
        allowed: false,
        limit,
        retryAfterSeconds: Math.ceil(blockMs / 1000),
        resetAt: entry.blockedUntil,
      };
    }
    return {
      allowed: true,
      limit,
      remaining: limit - entry.log.inWindow(time),
      resetAt: entry.log.resetAt(time),
    };
  }

  return { check, size: () => entries.size };
}

export type Quota = ReturnType<typeof createQuota>;

function describeWindow(windowMs: number): string {
  if (windowMs === 60_000) return 'minute';
  const seconds = windowMs / 1000;
  return seconds === 1 ? 'second' : `${seconds} seconds`;
}

/** A quota kept outside this process (shared-quota.ts: one count for every process of a team). */
export interface SharedQuota {
  check(id: number): Promise<QuotaDecision>;
}

/**
 * Counts every authenticated request against its key; public routes are not counted. One desktop
 * counts in memory; a team server's processes count together in `shared`.
 */
export function registerQuota(
  app: FastifyInstance,
  options: QuotaOptions = DEFAULT_QUOTA,
  now: () => number = Date.now,
  shared?: SharedQuota,
): Quota {
  const quota = createQuota(options, now);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public) return;
    const { keyId } = request.auth;
    const decision = shared ? await shared.check(Number(keyId)) : quota.check(keyId);
    reply.header('x-ratelimit-limit', decision.limit);
    reply.header('x-ratelimit-reset', Math.ceil(decision.resetAt / 1000));
    if (decision.allowed) {
      reply.header('x-ratelimit-remaining', decision.remaining);
      return;
    }
    const { limit, retryAfterSeconds } = decision;
    return reply
      .code(429)
      .header('x-ratelimit-remaining', 0)
      .header('retry-after', retryAfterSeconds)
      .send({
        message: `Rate limit exceeded: ${limit} requests per ${describeWindow(options.windowMs)}. Retry after ${retryAfterSeconds} seconds.`,
      });
  });
  return quota;
}
