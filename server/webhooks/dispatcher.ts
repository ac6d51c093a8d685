import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Storage } from '../db/storage';
import type { WorkLogger } from '../work/work-types';
import { createAddressGuard, parseAllowList } from '../net/address-guard';
import { defaultWebhookBackoff, type WebhookBackoff } from './backoff';
import { deliverHead, type DeliveryContext, type HeadOutcome } from './deliver-head';
import { dispatchQueries } from './dispatch-queries';
import { onWebhookEvent } from './outbox';
import { DEFAULT_SEND_TIMEOUT_MS } from './sender';

export interface DispatcherOptions {
  /** The clock of retries, leases and limits (epoch ms); tests move it. */
  now?: () => number;
  /** The wait before retry n; exponential with jitter by default (backoff.ts). */
  backoff?: WebhookBackoff;
  /** A delivery is retried until this long after it was created (default 24 h), then failed. */
  retryForMs?: number;
  /** A configuration whose attempts failed this long straight is disabled (default 5 days). */
  disableAfterMs?: number;
  /** One attempt, connect to the last byte (default 15 s). */
  timeoutMs?: number;
  /** Configurations sent to at once (default 8); each sends its deliveries one at a time. */
  concurrency?: number;
  /** The longest sleep between looks for due work: 1 s on a team server, 30 s on one desktop. */
  pollMs?: number;
  /** How long a process's hold on a configuration lasts unrenewed (default 30 s). */
  leaseMs?: number;
  /** Hosts, IPs and CIDR networks a team server may send to although they are private. */
  webhookAllow?: string[];
  /** A team server refuses private addresses; by default, when the database is PostgreSQL. */
  teamServer?: boolean;
  /** For the user agent. */
  version?: string;
  log?: WorkLogger;
}

const silent: WorkLogger = { warn: () => undefined, error: () => undefined };
/** The shortest sleep when work looked due but none could be claimed (another process has it). */
const MIN_SLEEP_MS = 25;

/**
 * Sends the webhook deliveries the outbox queued, from the tables alone (a restart or a crash
 * resumes: an attempt in flight at a kill is sent again, at least once). A configuration is
 * leased to one process at a time and sends its deliveries one by one in id order; up to
 * `concurrency` configurations are sent to at once. Woken by this process's outbox commits; on
 * PostgreSQL other processes' events are found by a short poll.
 */
export function createDispatcher(storage: Storage, options: DispatcherOptions = {}) {
  const teamServer = options.teamServer ?? storage.dialect === 'postgres';
  const now = options.now ?? Date.now;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const pollMs = options.pollMs ?? (teamServer ? 1_000 : 30_000);
  const leaseMs = options.leaseMs ?? 30_000;
  const log = options.log ?? silent;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const context: DeliveryContext = {
    storage,
    owner,
    now,
    backoff: options.backoff ?? defaultWebhookBackoff,
    retryForMs: options.retryForMs ?? 24 * 3_600_000,
    disableAfterMs: options.disableAfterMs ?? 5 * 86_400_000,
    timeoutMs: options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
    // Parsed now, so a wrong entry fails the server's start rather than the first delivery.
    guard: teamServer ? createAddressGuard(parseAllowList(options.webhookAllow)) : null,
    version: options.version ?? '0.0.0-dev',
  };
  const q = dispatchQueries(storage.db, storage.dialect);
  const active = new Map<number, Promise<void>>();
  let controller = new AbortController();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let leases: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let wakeScheduled = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;

  // A closed SQLite handle (the server went without stopping us): leave the rows as they are.
  const isClosed = () => storage.sqlite !== undefined && !storage.sqlite.open;
  const isOn = () => running && !isClosed();

  /** Sends a leased configuration's due deliveries in order, then gives the lease back. */
  async function work(configurationId: number): Promise<void> {
    const signal = controller.signal;
    let outcome: HeadOutcome = 'sent';
    try {
      while (outcome === 'sent' && isOn()) {
        outcome = await deliverHead(context, configurationId, signal);
      }
      if (outcome !== 'lost' && !isClosed()) await q.release(configurationId, owner);
    } catch (error) {
      // The lease is kept: it runs out, and the configuration is tried again after it.
      log.error({ err: error, configurationId }, 'webhook delivery bookkeeping failed');
    }
  }

  function launch(configurationId: number): void {
    const promise = work(configurationId).finally(() => {
      active.delete(configurationId);
      wake();
    });
    active.set(configurationId, promise);
  }

  async function pumpOnce(): Promise<void> {
    const room = concurrency - active.size;
    if (room > 0) {
      const time = now();
      const claimed = await q.claim(owner, time, time + leaseMs, room);
      // Still ours from a lease that ran out while its worker ran: that worker carries on.
      for (const id of claimed) if (isOn() && !active.has(id)) launch(id);
    }
    if (!isOn()) return;
    const next = active.size < concurrency ? await q.nextDue(now()) : null;
    const delay = next == null ? pollMs : Math.min(pollMs, Math.max(MIN_SLEEP_MS, next - now()));
    sleep(delay);
  }

  function sleep(delay: number): void {
    if (!isOn()) return;
    clearTimeout(timer);
    timer = setTimeout(wake, delay);
    // The fallback poll must not keep a process alive on its own.
    timer.unref();
  }

  function pump(): void {
    if (pumping) return void (pumpAgain = true);
    pumping = (async () => {
      do {
        pumpAgain = false;
        if (isOn()) await pumpOnce();
      } while (pumpAgain);
    })()
      .catch((error: unknown) => {
        log.error({ err: error }, 'webhook dispatcher could not claim');
        // The database may be back by then (a PostgreSQL restart).
        sleep(pollMs);
      })
      .finally(() => (pumping = null));
  }

  /** Looks for due deliveries now (after an event, a clock change in tests, a re-enable). */
  function wake(): void {
    if (wakeScheduled || !running) return;
    wakeScheduled = true;
    // Once, after the current synchronous code: a burst of events makes one pass.
    setImmediate(() => {
      wakeScheduled = false;
      pump();
    });
  }

  return {
    wake,

    /** Starts sending; a SQLite server first takes back the leases its last run left. */
    async start(): Promise<void> {
      if (running) return;
      // One process owns a SQLite file: a lease found at its start was left by a crash.
      if (storage.dialect === 'sqlite') await q.release('all');
      controller = new AbortController();
      running = true;
      unsubscribe = onWebhookEvent(storage, wake);
      leases = setInterval(
        () => {
          if (!isOn()) return;
          q.renew(owner, [...active.keys()], now() + leaseMs).catch((error: unknown) =>
            log.error({ err: error }, 'webhook leases'),
          );
        },
        Math.max(10, Math.floor(leaseMs / 3)),
      );
      leases.unref();
      wake();
    },

    /**
     * Stops: attempts in flight are aborted and stay pending (not counted), leases are given
     * back, and it resolves once every worker has ended.
     */
    async stop(): Promise<void> {
      if (!running) return;
      running = false;
      unsubscribe?.();
      clearTimeout(timer);
      clearInterval(leases);
      controller.abort();
      await pumping;
      await Promise.all(active.values());
    },

    /** The configurations being sent to right now. */
    activeCount: () => active.size,
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
