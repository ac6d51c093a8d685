import { sql } from 'kysely';
import type { Queryable } from '../db/storage';

export type WorkState = 'queued' | 'running' | 'done' | 'failed';

export interface ItemRow {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  max_attempts: number;
  state: WorkState;
}

const ITEM = ['id', 'kind', 'payload', 'attempts', 'max_attempts', 'state'] as const;

export interface NewItem {
  kind: string;
  payload: string;
  maxAttempts: number;
  runAfter: number;
  now: number;
}

/**
 * The `work_items` table (times in epoch ms). A running item carries its `owner` and a lease;
 * every change an owner makes to its item checks that it still owns it, so a process whose lease
 * ran out (and whose item another process took over) changes nothing.
 */
export function workQueries(db: Queryable, dialect: 'sqlite' | 'postgres') {
  const byOwner = (id: number, owner: string) =>
    db.updateTable('work_items').where('id', '=', id).where('owner', '=', owner);

  return {
    async insert(item: NewItem): Promise<number> {
      const row = await db
        .insertInto('work_items')
        .values({
          kind: item.kind,
          payload: item.payload,
          max_attempts: item.maxAttempts,
          run_after: item.runAfter,
          created_at: item.now,
          updated_at: item.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Takes the next due item of `kinds` for `owner`. On PostgreSQL the candidate row is locked
     * and rows other processes are claiming are skipped (SKIP LOCKED), so two processes never
     * claim one item and never wait for each other.
     */
    async claim(kinds: string[], owner: string, now: number, leaseUntil: number) {
      if (kinds.length === 0) return undefined;
      let next = db
        .selectFrom('work_items')
        .select('id')
        .where('state', '=', 'queued')
        .where('run_after', '<=', now)
        .where('kind', 'in', kinds)
        .orderBy('run_after')
        .orderBy('id')
        .limit(1);
      if (dialect === 'postgres') next = next.forUpdate().skipLocked();
      return (await db
        .updateTable('work_items')
        .set({
          state: 'running',
          attempts: sql`attempts + 1`,
          owner,
          lease_until: leaseUntil,
          started_at: now,
          updated_at: now,
        })
        .where('id', '=', next)
        .returning(ITEM)
        .executeTakeFirst()) as ItemRow | undefined;
    },

    async nextDue(kinds: string[]): Promise<number | null> {
      if (kinds.length === 0) return null;
      const row = await db
        .selectFrom('work_items')
        .select((eb) => eb.fn.min('run_after').as('next'))
        .where('state', '=', 'queued')
        .where('kind', 'in', kinds)
        .executeTakeFirst();
      return row?.next == null ? null : Number(row.next);
    },

    /** Extends the leases of the owner's running items. */
    async renew(owner: string, ids: number[], leaseUntil: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('work_items')
        .set({ lease_until: leaseUntil })
        .where('owner', '=', owner)
        .where('state', '=', 'running')
        .where('id', 'in', ids)
        .execute();
    },

    done: (id: number, owner: string, now: number) =>
      byOwner(id, owner)
        .set({ state: 'done', last_error: null, finished_at: now, updated_at: now, owner: null })
        .execute(),

    failed: (id: number, owner: string, now: number, error: string) =>
      byOwner(id, owner)
        .set({ state: 'failed', last_error: error, finished_at: now, updated_at: now, owner: null })
        .execute(),

    retry: (id: number, owner: string, now: number, error: string, runAfter: number) =>
      byOwner(id, owner)
        .set({ state: 'queued', last_error: error, run_after: runAfter, updated_at: now })
        .set({ owner: null, lease_until: null })
        .execute(),

    /** Stopped on purpose (the server is closing): not a failure, so the attempt is given back. */
    interrupted: (id: number, owner: string, now: number) =>
      byOwner(id, owner)
        .set({
          state: 'queued',
          attempts: sql`CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END`,
          last_error: 'interrupted: the server stopped',
          run_after: now,
          updated_at: now,
          owner: null,
          lease_until: null,
        })
        .execute(),

    /**
     * Puts running items whose process is gone back in the queue, or fails those out of
     * attempts: with `all`, every running item (one process owns the database: its start finds
     * only what a crash left), else those whose lease ran out (or that never had one).
     */
    async recover(now: number, all: boolean): Promise<ItemRow[]> {
      const outOfAttempts = sql<boolean>`attempts >= max_attempts`;
      let stale = db.updateTable('work_items').where('state', '=', 'running');
      if (!all) {
        stale = stale.where((eb) =>
          eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]),
        );
      }
      return (await stale
        .set({
          state: sql`CASE WHEN ${outOfAttempts} THEN 'failed' ELSE 'queued' END`,
          last_error: 'interrupted: the server stopped while this was running',
          run_after: now,
          updated_at: now,
          finished_at: sql`CASE WHEN ${outOfAttempts} THEN CAST(${now} AS BIGINT) END`,
          owner: null,
          lease_until: null,
        })
        .returning(ITEM)
        .execute()) as ItemRow[];
    },

    pruneDone: (before: number) =>
      db
        .deleteFrom('work_items')
        .where('state', '=', 'done')
        .where('finished_at', '<', before)
        .execute(),
  };
}

export type WorkQueries = ReturnType<typeof workQueries>;
