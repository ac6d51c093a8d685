/**
 * The accepted times of one key for a "at most `limit` in any `windowMs`" rule (the request
 * quota, the wrong-key throttle): a sliding log, so no interval of that length ever accepts more
 * (a fixed window lets up to twice the limit through where two windows meet). Only the last
 * `limit` times are kept, in a ring, so a key costs at most `limit` numbers and a check is
 * O(log limit). Times must not go back: callers clamp their clock.
 */
export class SlidingLog {
  private readonly times: number[] = [];
  private head = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private at(i: number): number {
    return this.times[(this.head + i) % this.times.length]!;
  }

  /** The latest accepted time, or -Infinity. */
  newest(): number {
    return this.times.length === 0 ? -Infinity : this.at(this.times.length - 1);
  }

  /** How many accepted times are inside the window that ends at `time` (binary search). */
  inWindow(time: number): number {
    let low = 0;
    let high = this.times.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (time - this.at(mid) >= this.windowMs) low = mid + 1;
      else high = mid;
    }
    return this.times.length - low;
  }

  /** When the oldest time still in the window leaves it (or a window from now, when empty). */
  resetAt(time: number): number {
    const count = this.inWindow(time);
    if (count === 0) return time + this.windowMs;
    return this.at(this.times.length - count) + this.windowMs;
  }

  /** Records `time` when fewer than `limit` are in its window; whether it was. */
  tryAccept(time: number): boolean {
    if (this.inWindow(time) >= this.limit) return false;
    if (this.times.length < this.limit) this.times.push(time);
    else {
      this.times[this.head] = time;
      this.head = (this.head + 1) % this.times.length;
    }
    return true;
  }
}
