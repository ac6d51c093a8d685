/**
 * One request to an OpenAI-compatible engine: the switch that closes its connection, why it was
 * closed (the caller, the silence timer, the engine's close), and the silence timer itself.
 */
export class Connection {
  readonly controller = new AbortController();
  stopReason: 'caller' | 'timeout' | 'closed' | undefined;
  hasAnswered = false;
  private readonly timer: NodeJS.Timeout;
  private readonly onCallerAbort = () => this.stop('caller');

  constructor(
    private readonly callerSignal: AbortSignal,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => this.stop('timeout'), timeoutMs);
    callerSignal.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  heard(): void {
    this.hasAnswered = true;
    this.timer.refresh();
  }
  stop(reason: 'caller' | 'timeout' | 'closed'): void {
    this.stopReason ??= reason;
    this.controller.abort();
  }
  /** Frees the timer and closes the connection if the answer is still open. */
  end(): void {
    clearTimeout(this.timer);
    this.callerSignal.removeEventListener('abort', this.onCallerAbort);
    this.controller.abort();
  }
  /** Resets the silence timer on every chunk. */
  async *watch(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of body) {
      this.heard();
      yield chunk;
    }
  }
}
