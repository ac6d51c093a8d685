import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Queryable, Storage } from '../db/storage';
import { workQueries, type ItemRow } from './queue-queries';
import {
  defaultBackoffMs,
  PermanentWorkError,
  type EnqueueOptions,
  type WorkHandler,
  type WorkItem,
  type WorkLogger,
  type WorkQueueOptions,
} from './work-types';

export * from './work-types';

/** How long `stop` waits for aborted handlers to record their interruption. */
const ABORT_GRACE_MS = 1_000;

const silent: WorkLogger = { warn: () => undefined, error: () => undefined };

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/**
 * A durable work queue in the `work_items` table, run by a worker in each server process.
 *
 * - `enqueueIn(tx, ...)` inserts in the caller's transaction, so the work and the change that
 *   needs it commit together, or neither does; the worker wakes once that transaction has
 *   committed (`storage.afterCommit`: on PostgreSQL a claim before the commit cannot see the
 *   item, and it would wait for the next poll). `enqueue` adds one on its own.
 * - The worker claims due items with one UPDATE ... RETURNING (on PostgreSQL its candidate row
 *   FOR UPDATE SKIP LOCKED, so several processes share one queue), runs at most `concurrency` at
 *   a time, and sleeps until the next `run_after` (or `pollMs` at most): no busy polling.
 * - On PostgreSQL a claimed item is leased to this process and renewed while it runs. Items whose
 *   lease ran out belong to a process that died: any process puts them back (or fails those out
 *   of attempts). On SQLite, one process owns the file and `start` alone recovers.
 * - A failed attempt is retried after `backoffMs(attempt)` until `maxAttempts`, then `failed`.
 * - `start` recovers what a crash left running: on SQLite every running item (one process owns
 *   the file), on PostgreSQL those whose lease ran out. `stop` waits for running items.
 */
export function createWorkQueue(storage: Storage, options: WorkQueueOptions = {}) {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const pollMs = options.pollMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const defaultMaxAttempts = options.maxAttempts ?? 5;
  const defaultBackoff = options.backoffMs ?? defaultBackoffMs;
  const now = options.now ?? Date.now;
  const log = options.log ?? silent;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const q = workQueries(storage.db, storage.dialect);
  const handlers = new Map<string, WorkHandler<never>>();
  const active = new Map<number, { promise: Promise<void>; controller: AbortController }>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let leases: NodeJS.Timeout | undefined;
  let wakeScheduled = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let idleWaiters: Array<() => void> = [];

  const kinds = () => [...handlers.keys()];
  // A closed SQLite handle (the server stopped without waiting): leave the row for recovery.
  const isClosed = () => storage.sqlite !== undefined && !storage.sqlite.open;

  /** Runs the kind's onFailed to its end; a hook that throws is logged, never rethrown. */
  async function reportFailed(kind: string, payload: unknown, error: string): Promise<void> {
    try {
      await handlers.get(kind)?.onFailed?.(payload as never, error);
    } catch (hookError) {
      log.error({ err: hookError, kind }, 'work item onFailed hook threw');
    }
  }

  async function finish(row: ItemRow, payload: unknown, error: unknown, aborted: boolean) {
    if (isClosed()) return;
    const time = now();
    if (error === undefined) return void (await q.done(row.id, owner, time));
    if (aborted && stopping) return void (await q.interrupted(row.id, owner, time));
    const message = messageOf(error);
    if (error instanceof PermanentWorkError || row.attempts >= row.max_attempts) {
      // The handler records the outcome first: a crash in between leaves the item running, for
      // recovery to retry it or report the failure again, so the outcome is never lost.
      await reportFailed(row.kind, payload, message);
      if (isClosed()) return;
      await q.failed(row.id, owner, now(), message);
      log.warn(
        { id: row.id, kind: row.kind, attempts: row.attempts, error: message },
        'work failed',
      );
      return;
    }
    const delay = (handlers.get(row.kind)?.backoffMs ?? defaultBackoff)(row.attempts);
    await q.retry(row.id, owner, time, message, time + delay);
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
      await finish(row, payload, failure, controller.signal.aborted);
    })()
      .catch((error: unknown) => log.error({ err: error, id: row.id }, 'work bookkeeping failed'))
      .finally(() => {
        active.delete(row.id);
        wake();
      });
    active.set(row.id, { promise, controller });
  }

  async function schedule(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!started || stopping) return;
    const next = await q.nextDue(kinds());
    const delay = next == null ? pollMs : Math.min(pollMs, Math.max(0, next - now()));
    if (!started || stopping) return;
    timer = setTimeout(wake, delay);
    // The fallback poll must not keep a process alive on its own.
    timer.unref();
  }

  /** Claims while there is room and due work; one pass at a time. */
  async function pumpOnce(): Promise<void> {
    while (started && !stopping && !isClosed() && handlers.size > 0 && active.size < concurrency) {
      const time = now();
      const row = await q.claim(kinds(), owner, time, time + leaseMs);
      if (!row) break;
      run(row);
    }
    await schedule();
    if (active.size === 0 && idleWaiters.length > 0) {
      const next = await q.nextDue(kinds());
      if (next == null || next > now()) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      }
    }
  }

  function pump(): void {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        if (isClosed()) return;
        await pumpOnce();
      } while (pumpAgain);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'work queue could not claim'))
      .finally(() => (pumping = null));
  }

  function wake(): void {
    if (wakeScheduled) return;
    wakeScheduled = true;
    // Once, after the current synchronous code: a burst of wakes makes one pass.
    setImmediate(() => {
      wakeScheduled = false;
      pump();
    });
  }

  /** Renews this process's leases and takes back what dead processes left. */
  async function maintainLeases(): Promise<void> {
    if (!started || stopping || isClosed()) return;
    const time = now();
    await q.renew(owner, [...active.keys()], time + leaseMs);
    const recovered = await q.recover(time, false);
    await reportRecovered(recovered, 'interrupted: its process stopped, no attempts left');
    if (recovered.length > 0) wake();
  }

  async function reportRecovered(rows: ItemRow[], why: string): Promise<void> {
    for (const row of rows) {
      if (row.state !== 'failed') continue;
      let payload: unknown;
      try {
        payload = JSON.parse(row.payload) as unknown;
      } catch {
        continue;
      }
      await reportFailed(row.kind, payload, why);
    }
  }

  function newItem(kind: string, payload: unknown, enqueueOptions: EnqueueOptions) {
    const time = now();
    return {
      kind,
      payload: JSON.stringify(payload),
      maxAttempts:
        enqueueOptions.maxAttempts ?? handlers.get(kind)?.maxAttempts ?? defaultMaxAttempts,
      runAfter: enqueueOptions.runAfter ?? time,
      now: time,
    };
  }

  return {
    /** Registers the handler of one kind; items of unregistered kinds wait in the queue. */
    register<P>(kind: string, handler: WorkHandler<P>): void {
      if (handlers.has(kind)) throw new Error(`Work kind "${kind}" is already registered`);
      handlers.set(kind, handler as WorkHandler<never>);
      if (started) wake();
    },

    /** Adds an item in the caller's transaction (`tx`), woken once it commits; answers its id. */
    async enqueueIn(
      tx: Queryable,
      kind: string,
      payload: unknown,
      enqueueOptions: EnqueueOptions = {},
    ) {
      const id = await workQueries(tx, storage.dialect).insert(
        newItem(kind, payload, enqueueOptions),
      );
      storage.afterCommit(tx, wake);
      return id;
    },

    /** Adds an item in a statement of its own and wakes the worker; answers its id. */
    enqueue(kind: string, payload: unknown, enqueueOptions: EnqueueOptions = {}) {
      return this.enqueueIn(storage.db, kind, payload, enqueueOptions);
    },

    /** Checks for due work now (after a clock change in tests, or work added by another process). */
    wake,

    /** Recovers what a crash left running, then starts working. Answers the recovered count. */
    async start(): Promise<number> {
      if (started) return 0;
      const time = now();
      await q.pruneDone(time - (options.keepDoneMs ?? 7 * 24 * 3_600_000));
      // One process owns a SQLite file: what is running at its start was left by a crash, and
      // nothing else can take an item over, so leases need no upkeep (and an event loop held
      // longer than a lease can never hand a running item to a second run).
      const soleProcess = storage.dialect === 'sqlite';
      const recovered = await q.recover(time, soleProcess);
      await reportRecovered(recovered, 'interrupted by a restart, no attempts left');
      started = true;
      stopping = false;
      if (!soleProcess) {
        leases = setInterval(
          () => {
            maintainLeases().catch((error: unknown) => log.error({ err: error }, 'work leases'));
          },
          Math.max(10, Math.floor(leaseMs / 3)),
        );
        leases.unref();
      }
      wake();
      return recovered.length;
    },

    /**
     * Stops claiming and waits up to `timeoutMs` for running items; those still running then are
     * told to abort and left `running`, for the next start (or another process) to recover.
     */
    async stop(timeoutMs = 10_000): Promise<void> {
      stopping = true;
      clearTimeout(timer);
      clearInterval(leases);
      timer = undefined;
      await pumping;
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
        // A handler that honours the abort gives its attempt back (`interrupted`) in a moment;
        // one that ignores it is not waited for beyond this.
        const settled = new Promise((resolve) => setTimeout(resolve, ABORT_GRACE_MS).unref());
        await Promise.race([Promise.all(running.map((entry) => entry.promise)), settled]);
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
