export type { WorkState } from './queue-queries';

/** One claimed item, as its handler sees it. */
export interface WorkItem<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** Including the current one. */
  attempts: number;
  maxAttempts: number;
}

export interface WorkContext<P = unknown> {
  item: WorkItem<P>;
  /** Aborted when the queue stops and its grace period is over. */
  signal: AbortSignal;
}

export interface WorkHandler<P = unknown> {
  run(payload: P, context: WorkContext<P>): Promise<void>;
  /**
   * Called once an item has failed for good (out of attempts, a PermanentWorkError, or found
   * `running` by a restart with no attempts left), so the record it was working on can say so.
   * A promise is awaited: the item is marked failed only after it settles. A crash before that
   * leaves the item running, for recovery to retry or fail it again: a hook may run twice.
   */
  onFailed?: ((payload: P, error: string) => void) | ((payload: P, error: string) => Promise<void>);
  /** Attempts before the item fails; the queue's default otherwise. */
  maxAttempts?: number;
  /** Delay before attempt `attempt + 1`, after `attempt` failed. */
  backoffMs?(attempt: number): number;
}

/** Thrown by a handler when retrying cannot help (the input is bad, not the weather). */
export class PermanentWorkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentWorkError';
  }
}

export interface WorkLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface WorkQueueOptions {
  /** Items run at the same time, across all kinds (default 2). */
  concurrency?: number;
  /** Fallback check for due items when nothing woke the worker, in ms (default 30 s). */
  pollMs?: number;
  /** Default attempts per item (default 5). */
  maxAttempts?: number;
  /** Default backoff: 1 s, 2 s, 4 s ... capped at 1 h. */
  backoffMs?(attempt: number): number;
  /** Clock in epoch ms, injectable for tests. */
  now?: () => number;
  /** Done items older than this are deleted at start (default 7 days). */
  keepDoneMs?: number;
  /**
   * How long a claimed item stays this process's without renewal (default 30 s; renewed every
   * third of it). A process that dies leaves its items to others once their leases run out.
   */
  leaseMs?: number;
  log?: WorkLogger;
}

export interface EnqueueOptions {
  /** Epoch ms before which the item does not run (default: now). */
  runAfter?: number;
  maxAttempts?: number;
}

export const defaultBackoffMs = (attempt: number) => Math.min(3_600_000, 1000 * 2 ** (attempt - 1));
