import type { Dialect, Queryable } from '../db/storage';

/** The head of a configuration's queue: its oldest pending delivery, with what sending needs. */
export interface HeadDelivery {
  id: number;
  attempts: number;
  next_attempt_at: number | null;
  created_at: number;
  message_id: string;
  body: string;
  url: string;
  secret: string;
}

/** What one attempt wrote about its delivery. */
export interface AttemptRecord {
  deliveryId: number;
  /** When the attempt started. */
  at: number;
  /** When it ended: the delivery's `finished_at` unless it stays pending. */
  finishedAt: number;
  status: number | null;
  durationMs: number;
  error: string | null;
  state: 'pending' | 'delivered' | 'failed';
  /** The next attempt's time while `pending`. */
  nextAttemptAt: number | null;
}

/** Finished deliveries of a configuration whose attempts are kept: the newest of each state. */
const KEEP_ATTEMPTS_OF = { delivered: 50, failed: 5 } as const;

/**
 * The dispatcher's reads and writes (times in epoch ms). A configuration is worked by one process
 * at a time, the one holding its lease (`lease_owner`, `lease_until`); a process whose lease
 * another took over changes nothing (`lockLease` answers someone else).
 */
export function dispatchQueries(db: Queryable, dialect: Dialect) {
  // Driven by the configurations (few) rather than by the pending deliveries (a backlog of a
  // dead receiver can be large): each configuration's head is one index probe.
  const configurations = () =>
    db
      .selectFrom('webhook_configurations as c')
      // The head of the configuration's queue: its lowest pending delivery.
      .innerJoin('webhook_deliveries as d', (join) =>
        join.on((eb) =>
          eb(
            'd.id',
            '=',
            eb
              .selectFrom('webhook_deliveries as h')
              .select((h) => h.fn.min('h.id').as('id'))
              .whereRef('h.configuration_id', '=', 'c.id')
              .where('h.state', '=', 'pending'),
          ),
        ),
      )
      .where('c.deleted_at', 'is', null)
      .where('c.disabled_at', 'is', null);
  const unleased = (now: number) =>
    configurations().where((eb) =>
      eb.or([eb('c.lease_until', 'is', null), eb('c.lease_until', '<', now)]),
    );

  return {
    /**
     * Leases up to `limit` configurations whose head is due and that nobody holds (or whose
     * holder's lease ran out). On PostgreSQL the candidates are locked and those another
     * process is claiming are skipped, so two processes never claim one configuration.
     */
    async claim(owner: string, now: number, leaseUntil: number, limit: number) {
      const due = () => unleased(now).select('c.id').where('d.next_attempt_at', '<=', now);
      // A read first: the poll finds nothing most of the time, and on PostgreSQL every UPDATE
      // of this process moves the data version (db/local-writes.ts), dropping cached answers.
      if (!(await due().limit(1).executeTakeFirst())) return [];
      let candidates = due().orderBy('d.next_attempt_at').limit(limit);
      if (dialect === 'postgres') candidates = candidates.forUpdate('c').skipLocked();
      const rows = await db
        .updateTable('webhook_configurations')
        .set({ lease_owner: owner, lease_until: leaseUntil })
        .where('id', 'in', candidates)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** When the next head of an unleased configuration is due; null when none is pending. */
    async nextDue(now: number): Promise<number | null> {
      const row = await unleased(now)
        .select((eb) => eb.fn.min('d.next_attempt_at').as('next'))
        .executeTakeFirst();
      return row?.next == null ? null : Number(row.next);
    },

    /** The head of an enabled, not deleted configuration's queue, or undefined. */
    head: (configurationId: number): Promise<HeadDelivery | undefined> =>
      configurations()
        .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
        .select(['d.id', 'd.attempts', 'd.next_attempt_at', 'd.created_at'])
        .select(['e.message_id', 'e.body', 'c.url', 'c.secret'])
        .where('c.id', '=', configurationId)
        .executeTakeFirst(),

    /** Extends the leases `owner` holds on `ids`. */
    async renew(owner: string, ids: number[], leaseUntil: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('webhook_configurations')
        .set({ lease_until: leaseUntil })
        .where('lease_owner', '=', owner)
        .where('id', 'in', ids)
        .execute();
    },

    /** Gives a lease back (`owner` given) or every lease (one process owns a SQLite file). */
    async release(id: number | 'all', owner?: string): Promise<void> {
      let query = db
        .updateTable('webhook_configurations')
        .set({ lease_owner: null, lease_until: null })
        .where('lease_owner', 'is not', null);
      if (id !== 'all') query = query.where('id', '=', id);
      if (owner !== undefined) query = query.where('lease_owner', '=', owner);
      await query.execute();
    },

    /** Within a transaction: the configuration's lease holder and failure run, its row locked. */
    async lockLease(id: number) {
      let query = db
        .selectFrom('webhook_configurations')
        .select(['lease_owner', 'failing_since'])
        .where('id', '=', id);
      if (dialect === 'postgres') query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async recordAttempt(attempt: AttemptRecord): Promise<void> {
      await db
        .insertInto('webhook_attempts')
        .values({
          delivery_id: attempt.deliveryId,
          attempted_at: attempt.at,
          status: attempt.status,
          duration_ms: attempt.durationMs,
          error: attempt.error,
          next_attempt_at: attempt.nextAttemptAt,
        })
        .execute();
      await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          state: attempt.state,
          attempts: eb('attempts', '+', 1),
          next_attempt_at: attempt.nextAttemptAt,
          finished_at: attempt.state === 'pending' ? null : attempt.finishedAt,
          last_status: attempt.status,
          last_error: attempt.error,
          last_duration_ms: attempt.durationMs,
        }))
        .where('id', '=', attempt.deliveryId)
        .where('state', '=', 'pending')
        .execute();
    },

    /** Words on a delivery that go beyond its last attempt's error (why it failed for good). */
    setLastError: (deliveryId: number, error: string) =>
      db
        .updateTable('webhook_deliveries')
        .set({ last_error: error })
        .where('id', '=', deliveryId)
        .execute(),

    /** The start of the configuration's current run of failures; null after a success. */
    setFailingSince: (id: number, failingSince: number | null) =>
      db
        .updateTable('webhook_configurations')
        .set({ failing_since: failingSince })
        .where('id', '=', id)
        .execute(),

    /** Disables a configuration and fails its pending deliveries with `reason`. */
    async disable(id: number, now: number, reason: string): Promise<void> {
      await db
        .updateTable('webhook_configurations')
        .set({ disabled_at: now, disabled_reason: reason, updated_at: now })
        .set({ lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .execute();
      await db
        .updateTable('webhook_deliveries')
        .set({ state: 'failed', finished_at: now, next_attempt_at: null, last_error: reason })
        .where('configuration_id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },

    /**
     * Drops the attempts of older finished deliveries of the configuration, keeping those of the
     * newest few of each state. Each finish shifts the window by one, so every old delivery
     * passes through it; the window's width leaves room for finishes a crash skipped.
     */
    async pruneAttempts(configurationId: number, beforeDeliveryId: number): Promise<void> {
      for (const [state, keep] of Object.entries(KEEP_ATTEMPTS_OF)) {
        const old = db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('configuration_id', '=', configurationId)
          .where('state', '=', state)
          .where('id', '<', beforeDeliveryId)
          .orderBy('id', 'desc')
          .limit(keep)
          .offset(keep);
        await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute();
      }
    },
  };
}

export type DispatchQueries = ReturnType<typeof dispatchQueries>;
