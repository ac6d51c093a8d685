import type { Storage } from '../db/storage';
import type { AddressGuard } from '../net/address-guard';
import type { WebhookBackoff } from './backoff';
import { dispatchQueries, type AttemptRecord } from './dispatch-queries';
import { sendWebhook } from './sender';

/** What sending a configuration's deliveries needs from its dispatcher. */
export interface DeliveryContext {
  storage: Storage;
  owner: string;
  now: () => number;
  backoff: WebhookBackoff;
  retryForMs: number;
  disableAfterMs: number;
  timeoutMs: number;
  guard: AddressGuard | null;
  version: string;
}

/**
 * `sent`: an attempt was made and recorded, look at the next head. `idle`: nothing is due (the
 * queue is empty, or its head waits for a retry, or the configuration was disabled or deleted).
 * `lost`: another process holds the lease now. `aborted`: stopped mid-attempt, left pending.
 */
export type HeadOutcome = 'sent' | 'idle' | 'lost' | 'aborted';

/** "24 h", "5 days", "90 s": a limit in words (days from two on). */
export function spanInWords(ms: number): string {
  const units: Array<[number, string]> = [
    [86_400_000, ' days'],
    [3_600_000, ' h'],
    [60_000, ' min'],
    [1_000, ' s'],
  ];
  const fits = ([size, unit]: [number, string]) =>
    ms % size === 0 && ms >= (unit === ' days' ? 2 * size : size);
  const [size, unit] = units.find(fits) ?? [1, ' ms'];
  return `${ms / size}${unit}`;
}

/**
 * Sends the head of the configuration's queue once, if it is due, and records the attempt with
 * its consequences in one transaction: delivered; or retried after the backoff; or failed for
 * good once the retry window (from the delivery's creation) is over; and the configuration
 * disabled, its pending deliveries failed, once its attempts have failed for `disableAfterMs`.
 */
export async function deliverHead(
  context: DeliveryContext,
  configurationId: number,
  signal: AbortSignal,
): Promise<HeadOutcome> {
  const { storage, now } = context;
  const head = await dispatchQueries(storage.db, storage.dialect).head(configurationId);
  const attemptedAt = now();
  if (!head || (head.next_attempt_at ?? 0) > attemptedAt) return 'idle';
  const result = await sendWebhook(
    { url: head.url, secret: head.secret, messageId: head.message_id, body: head.body },
    { timeoutMs: context.timeoutMs, guard: context.guard, version: context.version, signal },
  );
  // Stopping: the attempt does not count, and the delivery goes again after the restart.
  if (signal.aborted) return 'aborted';
  return storage.transaction(async (tx) => {
    const q = dispatchQueries(tx, storage.dialect);
    const lease = await q.lockLease(configurationId);
    if (lease?.lease_owner !== context.owner) return 'lost';
    const at = now();
    const attempt: AttemptRecord = {
      deliveryId: head.id,
      at: attemptedAt,
      finishedAt: at,
      status: result.status,
      durationMs: result.durationMs,
      error: result.error,
      state: 'delivered',
      nextAttemptAt: null,
    };
    if (result.error === null) {
      await q.recordAttempt(attempt);
      if (lease.failing_since !== null) await q.setFailingSince(configurationId, null);
    } else {
      const failingSince = lease.failing_since ?? at;
      const nextAt = at + context.backoff(head.attempts + 1);
      const isRetried = nextAt <= head.created_at + context.retryForMs;
      attempt.state = isRetried ? 'pending' : 'failed';
      attempt.nextAttemptAt = isRetried ? nextAt : null;
      await q.recordAttempt(attempt);
      if (!isRetried) {
        const window = spanInWords(context.retryForMs);
        await q.setLastError(head.id, `gave up after ${window} of attempts; last: ${result.error}`);
      }
      if (lease.failing_since === null) await q.setFailingSince(configurationId, at);
      if (at - failingSince >= context.disableAfterMs) {
        const span = spanInWords(context.disableAfterMs);
        const reason = `disabled after ${span} of failed deliveries; last: ${result.error}`;
        await q.disable(configurationId, at, reason);
      }
    }
    if (attempt.state !== 'pending') await q.pruneAttempts(configurationId, head.id);
    return 'sent';
  });
}
