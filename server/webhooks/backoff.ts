/** How long to wait before retry number `attempts` (the count of failed attempts so far), in ms. */
export type WebhookBackoff = (attempts: number) => number;

const FIRST_RETRY_MS = 5_000;
const MAX_DELAY_MS = 3_600_000;
const JITTER = 0.2;

/**
 * Exponential with jitter: 5 s, 10 s, 20 s ... capped at 1 h, each +-20 %, so the first retry
 * comes within 10 s and receivers that failed together are not all retried in the same second.
 * `random` is injectable for tests.
 */
export function exponentialBackoff(random: () => number = Math.random): WebhookBackoff {
  return (attempts) => {
    const exponent = Math.max(0, attempts - 1);
    // 2^30 already passes the cap: no Infinity for a very long run of failures.
    const base = Math.min(MAX_DELAY_MS, FIRST_RETRY_MS * 2 ** Math.min(exponent, 30));
    const factor = 1 - JITTER + 2 * JITTER * random();
    return Math.round(base * factor);
  };
}

export const defaultWebhookBackoff: WebhookBackoff = exponentialBackoff();
