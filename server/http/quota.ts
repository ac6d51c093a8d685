import type { FastifyInstance } from 'fastify';

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
  /** Times of the accepted requests, oldest first from `head`: a ring of at most `limit`. */
  times: number[];
  head: number;
  blockedUntil: number;
}

/**
 * A sliding log per key: a request is accepted when fewer than `limit` were accepted in the
 * `windowMs` before it, so no interval of that length ever accepts more than `limit` (a fixed
 * window lets up to twice the limit through where two windows meet). Only the last `limit` times
 * are kept, in a ring, so a key costs at most `limit` numbers (32 KiB at 4,000) and a check is
 * O(log limit). Keys with no request in the last window and no block are swept once per window,
 * so memory stays bounded by the keys active in the last minute or so.
 */
export function createQuota(options: QuotaOptions, now: () => number = Date.now) {
  const entries = new Map<string | number, Entry>();
  let lastSweep = now();

  const newest = (entry: Entry) =>
    entry.times[(entry.head + entry.times.length - 1) % entry.times.length] ?? -Infinity;

  function sweep(time: number): void {
    if (time - lastSweep < options.windowMs) return;
    lastSweep = time;
    for (const [id, entry] of entries) {
      if (time - newest(entry) >= options.windowMs && time >= entry.blockedUntil) {
        entries.delete(id);
      }
    }
  }

  /** How many of the kept times are still inside the window ending at `time` (binary search). */
  function countInWindow(entry: Entry, time: number): number {
    const { times, head } = entry;
    const n = times.length;
    let low = 0;
    let high = n;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (time - times[(head + mid) % n]! >= options.windowMs) low = mid + 1;
      else high = mid;
    }
    return n - low;
  }

  /** When the oldest request still in the window leaves it (or now, for an empty window). */
  function resetAt(entry: Entry, time: number, inWindow: number): number {
    if (inWindow === 0) return time + options.windowMs;
    const n = entry.times.length;
    return entry.times[(entry.head + n - inWindow) % n]! + options.windowMs;
  }

  function record(entry: Entry, time: number): void {
    if (entry.times.length < options.limit) entry.times.push(time);
    else {
      entry.times[entry.head] = time;
      entry.head = (entry.head + 1) % entry.times.length;
    }
  }

  function check(id: string | number): QuotaDecision {
    // A clock that steps back must not reopen the window: times stay in order.
    const { limit, blockMs } = options;
    const clock = now();
    sweep(clock);
    let entry = entries.get(id);
    const time = Math.max(clock, entry ? newest(entry) : -Infinity);
    if (entry && time < entry.blockedUntil) {
      const retryAfterSeconds = Math.ceil((entry.blockedUntil - time) / 1000);
      return { allowed: false, limit, retryAfterSeconds, resetAt: entry.blockedUntil };
    }
    if (!entry) {
      entry = { times: [], head: 0, blockedUntil: 0 };
      entries.set(id, entry);
    }
    const inWindow = countInWindow(entry, time);
    if (inWindow >= limit) {
      entry.blockedUntil = time + blockMs;
      return {
        allowed: false,
        limit,
        retryAfterSeconds: Math.ceil(blockMs / 1000),
        resetAt: entry.blockedUntil,
      };
    }
    record(entry, time);
    return {
      allowed: true,
      limit,
      remaining: limit - inWindow - 1,
      resetAt: resetAt(entry, time, inWindow + 1),
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

/** Counts every authenticated request against its key; public routes are not counted. */
export function registerQuota(
  app: FastifyInstance,
  options: QuotaOptions = DEFAULT_QUOTA,
  now: () => number = Date.now,
): Quota {
  const quota = createQuota(options, now);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public) return;
    const decision = quota.check(request.auth.keyId);
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
