import { SlidingLog } from './sliding-log';

export interface AuthThrottleOptions {
  /** Failed authentications answered 401 per address in any window; more get 429. */
  maxFailures: number;
  windowMs: number;
  /** Addresses tracked at most; while all are in use, failures from new addresses get 429. */
  maxAddresses: number;
}

/** 20 wrong keys a minute per address; 10,000 addresses cost at most about 2 MB. */
export const DEFAULT_AUTH_THROTTLE: AuthThrottleOptions = {
  maxFailures: 20,
  windowMs: 60_000,
  maxAddresses: 10_000,
};

export type ThrottleDecision =
  { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: 'address' | 'full' };

/**
 * What failures are counted against. An IPv6 host usually holds a whole /64, so it is one
 * address here; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is its IPv4 address.
 */
export function throttleAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0')];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts failed authentications per address in a sliding log (sliding-log.ts): a failure is
 * accepted (answered 401) only while fewer than `maxFailures` were accepted in the `windowMs`
 * before it, so no interval of that length accepts more. Refused failures are not logged, so an address costs at
 * most `maxFailures` numbers. The map is kept in order of last failure, so a sweep stops at the
 * first address still in its window, and the number of addresses is capped: when the cap is
 * reached, new addresses are refused rather than old ones forgotten (forgetting would let
 * someone with many addresses reset the count of the one they are guessing from).
 */
export function createAuthThrottle(options: AuthThrottleOptions, now: () => number = Date.now) {
  const { maxFailures, windowMs, maxAddresses } = options;
  const entries = new Map<string, SlidingLog>();
  let latest = -Infinity;

  const retryAfter = (log: SlidingLog, time: number) =>
    Math.max(1, Math.ceil((log.resetAt(time) - time) / 1000));

  function sweep(time: number): void {
    for (const [address, log] of entries) {
      if (time - log.newest() < windowMs) return;
      entries.delete(address);
    }
  }

  /** Records a failed authentication from `ip`, or refuses it when the address is over. */
  function fail(ip: string): ThrottleDecision {
    // A clock that steps back must not reopen a window nor break the order of the map.
    latest = Math.max(latest, now());
    const time = latest;
    sweep(time);
    const address = throttleAddress(ip);
    const log = entries.get(address) ?? new SlidingLog(maxFailures, windowMs);
    if (log.inWindow(time) >= maxFailures) {
      return { allowed: false, reason: 'address', retryAfterSeconds: retryAfter(log, time) };
    }
    if (!entries.has(address) && entries.size >= maxAddresses) {
      const [oldest] = entries.values();
      const since = oldest?.newest() ?? time;
      const retryAfterSeconds = Math.max(1, Math.ceil((since + windowMs - time) / 1000));
      return { allowed: false, reason: 'full', retryAfterSeconds };
    }
    log.tryAccept(time);
    entries.delete(address);
    entries.set(address, log);
    return { allowed: true };
  }

  return { fail, size: () => entries.size };
}

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;
