/**
 * Text pieces pushed by a callback (node-llama-cpp's onTextChunk), read as an async iterable.
 * `end()` finishes it after the pieces already pushed; `end(error)` makes the reader throw;
 * `discard()` finishes it at once.
 */
export class PieceQueue implements AsyncIterable<string> {
  private readonly pieces: string[] = [];
  private isEnded = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;

  push(piece: string): void {
    if (this.isEnded) return;
    this.pieces.push(piece);
    this.notify();
  }

  end(error?: unknown): void {
    if (this.isEnded) return;
    this.isEnded = true;
    if (error !== undefined) this.failure = { error };
    this.notify();
  }

  /** Ends it now: the reader gets none of the pieces it has not read yet. */
  discard(): void {
    this.pieces.length = 0;
    this.end();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<string> {
    for (;;) {
      const piece = this.pieces.shift();
      if (piece !== undefined) {
        yield piece;
        continue;
      }
      if (this.failure) throw this.failure.error;
      if (this.isEnded) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
