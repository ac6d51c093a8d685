/**
 * Turns on one shared resource (the embedded model's context sequence), first come first served.
 * A caller whose signal aborts while it waits leaves the line at once.
 */
export class OneAtATime {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with `release` when it is the caller's turn, or with undefined if it aborted first. */
  async take(signal: AbortSignal): Promise<(() => void) | undefined> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => mine);
    if (signal.aborted) {
      release();
      return undefined;
    }
    let onAbort!: () => void;
    const aborted = new Promise<false>((resolve) => (onAbort = () => resolve(false)));
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const isMyTurn = await Promise.race([previous.then(() => true), aborted]);
      if (isMyTurn) return release;
      // The line still waits for the previous turn, then passes straight through this one.
      release();
      return undefined;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}
