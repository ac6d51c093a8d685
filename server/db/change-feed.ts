import pg from 'pg';
import { pgTypes } from './storage';

/** One change to a memory's units, in commit order (pg-migrations/002-change-feed.ts). */
export interface UnitChange {
  seq: number;
  memoryId: number;
  /** Null for `memory-deleted`. */
  unitId: number | null;
  op: 'upsert' | 'delete' | 'memory-deleted';
}

export interface ChangeFeedOptions {
  url: string;
  /** Changes after this seq are delivered: the seq the index was loaded at (`latestChangeSeq`). */
  after: number;
  /** A batch of changes in seq order; the feed waits for it before reading more. */
  onChanges: (changes: UnitChange[]) => Promise<void> | void;
  /** The changes after `after` were pruned: reload everything, answer the seq loaded at. */
  onGap: () => Promise<number>;
  /** Told about a lost connection (the feed reconnects and catches up on its own). */
  onError?: (error: Error) => void;
}

export interface ChangeFeed {
  /** The last seq delivered. */
  seq(): number;
  /** Resolves once everything committed before the call has been delivered. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'wordbench_changes';
export const FEED_APPLICATION = 'wordbench-change-feed';
const PAGE = 1_000;
const MAX_BACKOFF_MS = 5_000;

/** The highest committed seq: read it in the snapshot an index is loaded from. */
export async function latestChangeSeq(client: Pick<pg.Client, 'query'>): Promise<number> {
  // Everything may have been pruned: then the floor is the latest seq.
  const result = await client.query<{ seq: number }>(
    `SELECT greatest((SELECT coalesce(max(seq), 0) FROM changes),
                     (SELECT seq FROM changes_floor)) AS seq`,
  );
  return Number(result.rows[0]!.seq);
}

/**
 * Forgets changes older than `keepSeconds`, raising the floor so that a reader still behind it
 * reloads instead of missing them.
 */
export async function pruneChanges(client: Pick<pg.Client, 'query'>, keepSeconds: number) {
  await client.query(
    `WITH gone AS (
       DELETE FROM changes WHERE created_at < now() - make_interval(secs => $1) RETURNING seq
     )
     UPDATE changes_floor SET seq = greatest(seq, (SELECT coalesce(max(seq), 0) FROM gone))`,
    [keepSeconds],
  );
}

/**
 * Follows the change feed on one connection of its own: LISTEN for the notification that
 * changes committed, then read them by seq from the last one delivered. A lost connection is
 * reconnected with backoff (100 ms doubling to 5 s) and the feed catches up from where it was,
 * so nothing is missed or delivered twice; a reader that fell behind the pruned floor reloads.
 */
export function startChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  let after = options.after;
  let client: pg.Client | null = null;
  let closed = false;
  let dirty = false;
  let draining: Promise<void> | null = null;
  let backoff = 100;
  let retry: NodeJS.Timeout | undefined;

  async function catchUp(on: pg.Client): Promise<void> {
    const floor = await on.query<{ seq: number }>('SELECT seq FROM changes_floor');
    if (after < Number(floor.rows[0]!.seq)) after = await options.onGap();
    for (;;) {
      const page = await on.query<{
        seq: number;
        memory_id: number;
        unit_id: number | null;
        op: UnitChange['op'];
      }>('SELECT seq, memory_id, unit_id, op FROM changes WHERE seq > $1 ORDER BY seq LIMIT $2', [
        after,
        PAGE,
      ]);
      if (page.rows.length === 0) return;
      const changes = page.rows.map((row) => ({
        seq: Number(row.seq),
        memoryId: Number(row.memory_id),
        unitId: row.unit_id === null ? null : Number(row.unit_id),
        op: row.op,
      }));
      await options.onChanges(changes);
      after = changes[changes.length - 1]!.seq;
      if (changes.length < PAGE) return;
    }
  }

  /** Reads until no notification arrived meanwhile; one reader at a time. */
  function schedule(): Promise<void> {
    dirty = true;
    draining ??= (async () => {
      while (dirty && !closed && client) {
        dirty = false;
        await catchUp(client);
      }
    })()
      .catch((error: Error) => lost(error))
      .finally(() => (draining = null));
    return draining;
  }

  function lost(error: Error): void {
    if (closed) return;
    options.onError?.(error);
    const dead = client;
    client = null;
    void dead?.end().catch(() => undefined);
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.url,
      types: pgTypes,
      // Named, so an operator sees which connection is whose (pg_stat_activity).
      application_name: FEED_APPLICATION,
    });
    next.on('notification', () => void schedule());
    next.on('error', (error) => lost(error));
    next.on('end', () => {
      if (client === next) lost(new Error('The change feed connection ended'));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client = next;
      lost(error as Error);
      return;
    }
    if (closed) return void next.end();
    client = next;
    backoff = 100;
    await schedule();
  }

  const started = connect();
  return {
    seq: () => after,
    async caughtUp() {
      await started;
      // A notification may still be on its way: read once more ourselves.
      while (!closed) {
        if (client) {
          await schedule();
          if (client) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await draining?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
