import { sql } from 'kysely';
import type { Storage } from '../db/storage';
import type { QuotaDecision, QuotaOptions, SharedQuota } from './quota';

/** The granularity of the shared count: a window is counted in buckets of one second. */
const BUCKET_MS = 1_000;

/**
 * The request quota counted in PostgreSQL, shared by every process of a team server (migration 3,
 * `quota_hit`): one statement per request decides it under a per-key lock. The window slides a
 * second at a time (the in-memory quota slides per request); the block is the same.
 */
export function createSharedQuota(
  storage: Storage,
  options: QuotaOptions,
  now = Date.now,
): SharedQuota {
  return {
    async check(id: number): Promise<QuotaDecision> {
      const { limit, windowMs, blockMs } = options;
      const time = Math.floor(now());
      const { rows } = await sql<{ allowed: boolean; in_window: number; reset_at: number }>`
        SELECT allowed, in_window, reset_at
          FROM quota_hit(${id}, ${time}, ${limit}, ${windowMs}, ${blockMs}, ${BUCKET_MS})`.execute(
        storage.db,
      );
      const { allowed, in_window: inWindow, reset_at: resetAt } = rows[0]!;
      if (allowed) return { allowed, limit, remaining: limit - inWindow, resetAt };
      const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - time) / 1000));
      return { allowed, limit, retryAfterSeconds, resetAt };
    },
  };
}
