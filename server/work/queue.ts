import type { Database } from '../db/db';

export type WorkState = 'queued' | 'running' | 'done' | 'failed';

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
   */
  onFailed?(payload: P, error: string): void;
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
  log?: WorkLogger;
}

export interface EnqueueOptions {
  /** Epoch ms before which the item does not run (default: now). */
  runAfter?: number;
  maxAttempts?: number;
}

interface ItemRow {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  max_attempts: number;
  state: WorkState;
}

export const defaultBackoffMs = (attempt: number) => Math.min(3_600_000, 1000 * 2 ** (attempt - 1));

const silent: WorkLogger = { warn: () => undefined, error: () => undefined };

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/**
 * A durable work queue in the `work_items` table, run by an in-process worker.
 *
 * - `enqueue` is a plain INSERT, so a caller can make it part of the transaction that needs the
 *   work (the file row and its detection commit together, or neither does). It then wakes the
 *   worker on the next turn of the event loop, after the caller's transaction has committed.
 * - The worker claims due items with one UPDATE ... RETURNING, runs at most `concurrency` at a
 *   time, and sleeps until the next `run_after` (or `pollMs` at most) when there is nothing due:
 *   no busy polling.
 * - A failed attempt is retried after `backoffMs(attempt)` until `maxAttempts`, then `failed`.
 * - `start` puts items left `running` by a crash back to `queued`, or `failed` when they have no
 *   attempts left, so nothing stays in progress forever. `stop` waits for running items.
 *
 * Times in this table are epoch milliseconds (backoff needs better than seconds).
 */
export function createWorkQueue(db: Database, options: WorkQueueOptions = {}) {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const pollMs = options.pollMs ?? 30_000;
  const defaultMaxAttempts = options.maxAttempts ?? 5;
  const defaultBackoff = options.backoffMs ?? defaultBackoffMs;
  const now = options.now ?? Date.now;
  const log = options.log ?? silent;
  const handlers = new Map<string, WorkHandler<never>>();
  const active = new Map<number, { promise: Promise<void>; controller: AbortController }>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeScheduled = false;
  let idleWaiters: Array<() => void> = [];

  const insert = db.prepare<[string, string, number, number, number, number]>(
    `INSERT INTO work_items (kind, payload, max_attempts, run_after, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const claim = db.prepare<{ now: number; kinds: string }, ItemRow>(
    `UPDATE work_items
        SET state = 'running', attempts = attempts + 1, started_at = @now, updated_at = @now
      WHERE id = (SELECT id FROM work_items
                   WHERE state = 'queued' AND run_after <= @now
                     AND kind IN (SELECT value FROM json_each(@kinds))
                   ORDER BY run_after, id LIMIT 1)
      RETURNING id, kind, payload, attempts, max_attempts, state`,
  );
  const nextDue = db.prepare<{ kinds: string }, { next: number | null }>(
    `SELECT min(run_after) AS next FROM work_items
      WHERE state = 'queued' AND kind IN (SELECT value FROM json_each(@kinds))`,
  );
  const markDone = db.prepare<{ id: number; now: number }>(
    `UPDATE work_items SET state = 'done', last_error = NULL, finished_at = @now, updated_at = @now
      WHERE id = @id`,
  );
  const markFailed = db.prepare<{ id: number; now: number; error: string }>(
    `UPDATE work_items SET state = 'failed', last_error = @error, finished_at = @now,
        updated_at = @now
      WHERE id = @id`,
  );
  const markRetry = db.prepare<{ id: number; now: number; error: string; runAfter: number }>(
    `UPDATE work_items SET state = 'queued', last_error = @error, run_after = @runAfter,
        updated_at = @now
      WHERE id = @id`,
  );
  // Stopped on purpose (the server is closing): not a failure, so the attempt is given back.
  const markInterrupted = db.prepare<{ id: number; now: number }>(
    `UPDATE work_items SET state = 'queued', attempts = max(0, attempts - 1),
        last_error = 'interrupted: the server stopped', run_after = @now, updated_at = @now
      WHERE id = @id`,
  );
  const recoverRunning = db.prepare<{ now: number }, ItemRow>(
    `UPDATE work_items
        SET state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
            last_error = 'interrupted: the server stopped while this was running',
            run_after = @now, updated_at = @now,
            finished_at = CASE WHEN attempts >= max_attempts THEN @now END
      WHERE state = 'running'
      RETURNING id, kind, payload, attempts, max_attempts, state`,
  );
  const pruneDone = db.prepare<[number]>(
    "DELETE FROM work_items WHERE state = 'done' AND finished_at < ?",
  );

  const kindsJson = () => JSON.stringify([...handlers.keys()]);

  function reportFailed(kind: string, payload: unknown, error: string): void {
    const handler = handlers.get(kind);
    try {
      handler?.onFailed?.(payload as never, error);
    } catch (hookError) {
      log.error({ err: hookError, kind }, 'work item onFailed hook threw');
    }
  }

  function finish(row: ItemRow, payload: unknown, error: unknown, aborted: boolean): void {
    // Stopped without waiting and the database is gone: the row stays `running`, and the next
    // start recovers it (counting the attempt: a crash looks the same, and must not loop).
    if (!db.open) return;
    const time = now();
    if (error === undefined) {
      markDone.run({ id: row.id, now: time });
      return;
    }
    if (aborted && stopping) {
      markInterrupted.run({ id: row.id, now: time });
      return;
    }
    const message = messageOf(error);
    const handler = handlers.get(row.kind);
    const permanent = error instanceof PermanentWorkError;
    if (permanent || row.attempts >= row.max_attempts) {
      markFailed.run({ id: row.id, now: time, error: message });
      log.warn(
        { id: row.id, kind: row.kind, attempts: row.attempts, error: message },
        'work failed',
      );
      reportFailed(row.kind, payload, message);
      return;
    }
    const delay = (handler?.backoffMs ?? defaultBackoff)(row.attempts);
    markRetry.run({ id: row.id, now: time, error: message, runAfter: time + delay });
  }

  function run(row: ItemRow): void {
    const handler = handlers.get(row.kind);
    const controller = new AbortController();
    let payload: unknown;
    const promise = (async () => {
      let failure: unknown;
      try {
        if (!handler) throw new PermanentWorkError(`No handler for work kind "${row.kind}"`);
        try {
          payload = JSON.parse(row.payload) as unknown;
        } catch {
          throw new PermanentWorkError('The payload is not valid JSON');
        }
        const item: WorkItem = {
          id: row.id,
          kind: row.kind,
          payload,
          attempts: row.attempts,
          maxAttempts: row.max_attempts,
        };
        await handler.run(payload as never, {
          item: item as WorkItem<never>,
          signal: controller.signal,
        });
      } catch (error) {
        failure = error ?? new Error('failed');
      }
      finish(row, payload, failure, controller.signal.aborted);
    })()
      .catch((error: unknown) => log.error({ err: error, id: row.id }, 'work bookkeeping failed'))
      .finally(() => {
        active.delete(row.id);
        pump();
      });
    active.set(row.id, { promise, controller });
  }

  function schedule(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!started || stopping) return;
    const next = handlers.size === 0 ? null : nextDue.get({ kinds: kindsJson() })?.next;
    const delay = next == null ? pollMs : Math.min(pollMs, Math.max(0, next - now()));
    timer = setTimeout(pump, delay);
    // The fallback poll must not keep a process alive on its own.
    timer.unref();
  }

  function pump(): void {
    if (!started || stopping || !db.open) return;
    const kinds = kindsJson();
    while (handlers.size > 0 && active.size < concurrency) {
      const row = claim.get({ now: now(), kinds });
      if (!row) break;
      run(row);
    }
    schedule();
    if (active.size === 0 && idleWaiters.length > 0) {
      const next = nextDue.get({ kinds })?.next;
      if (next == null || next > now()) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      }
    }
  }

  function wake(): void {
    if (wakeScheduled) return;
    wakeScheduled = true;
    // After the current synchronous code, so the enqueuing transaction has committed.
    setImmediate(() => {
      wakeScheduled = false;
      pump();
    });
  }

  return {
    /** Registers the handler of one kind; items of unregistered kinds wait in the queue. */
    register<P>(kind: string, handler: WorkHandler<P>): void {
      if (handlers.has(kind)) throw new Error(`Work kind "${kind}" is already registered`);
      handlers.set(kind, handler as WorkHandler<never>);
      if (started) wake();
    },

    /**
     * Adds an item (synchronously: call it inside the transaction that needs the work) and wakes
     * the worker. Returns the item's id.
     */
    enqueue(kind: string, payload: unknown, enqueueOptions: EnqueueOptions = {}): number {
      const time = now();
      const maxAttempts =
        enqueueOptions.maxAttempts ?? handlers.get(kind)?.maxAttempts ?? defaultMaxAttempts;
      const result = insert.run(
        kind,
        JSON.stringify(payload),
        maxAttempts,
        enqueueOptions.runAfter ?? time,
        time,
        time,
      );
      wake();
      return Number(result.lastInsertRowid);
    },

    /** Checks for due work now (after a clock change in tests, or work added by another process). */
    wake,

    /** Recovers what a crash left running, then starts working. Returns the recovered count. */
    start(): number {
      if (started) return 0;
      const time = now();
      pruneDone.run(time - (options.keepDoneMs ?? 7 * 24 * 3_600_000));
      const recovered = db.transaction(() => recoverRunning.all({ now: time }))();
      for (const row of recovered) {
        if (row.state !== 'failed') continue;
        let payload: unknown;
        try {
          payload = JSON.parse(row.payload) as unknown;
        } catch {
          continue;
        }
        reportFailed(row.kind, payload, 'interrupted by a restart, no attempts left');
      }
      started = true;
      stopping = false;
      wake();
      return recovered.length;
    },

    /**
     * Stops claiming and waits up to `timeoutMs` for running items; those still running then are
     * told to abort and left `running`, for the next start to recover.
     */
    async stop(timeoutMs = 10_000): Promise<void> {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const running = [...active.values()];
      if (running.length === 0) return;
      let timeout: NodeJS.Timeout | undefined;
      const expired = new Promise<'timeout'>((resolve) => {
        timeout = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([
        Promise.all(running.map((entry) => entry.promise)),
        expired,
      ]);
      clearTimeout(timeout);
      if (outcome === 'timeout') {
        for (const entry of running) entry.controller.abort();
        log.warn({ running: active.size }, 'stopped with work still running');
      }
    },

    /** Resolves once nothing runs and nothing is due (tests, and waiting in scripts). */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        wake();
      });
    },

    /** The number of items running right now. */
    runningCount: () => active.size,
  };
}

export type WorkQueue = ReturnType<typeof createWorkQueue>;
