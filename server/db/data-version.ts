import pg from 'pg';
import type { Database } from './db';
import type { Storage } from './storage';

/**
 * A number that changes whenever the database may have changed: answers built from the
 * database (the project list) are reused while it stays the same.
 */
export interface DataVersion {
  current(): number;
  close(): Promise<void>;
}

/**
 * SQLite: `total_changes()` of the server's one connection, which counts every row any route or
 * job writes, so no write path can forget to move it.
 */
export function sqliteDataVersion(db: Database): DataVersion {
  const read = db.prepare('SELECT total_changes()').pluck();
  return { current: () => read.get() as number, close: async () => undefined };
}

const CHANNEL = 'wordbench_data';
const MAX_BACKOFF_MS = 5_000;

/**
 * PostgreSQL: counts the notifications other processes' (and this one's) commits send
 * (pg-migrations/005). A notification arrives only after its commit, so an answer built before a
 * commit is dropped when the notification comes. Without a listening connection, or before the
 * first, every call answers a new number: nothing is reused while a change could go unheard.
 */
export function listenDataVersion(
  url: string,
  /** This process's own committed writes, told at once (storage.onCommittedWrite). */
  onCommittedWrite?: (listener: () => void) => () => void,
): DataVersion {
  let version = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let backoff = 100;
  let retry: NodeJS.Timeout | undefined;

  function lost(dead: pg.Client): void {
    if (client !== dead) return;
    client = null;
    listening = false;
    void dead.end().catch(() => undefined);
    if (closed) return;
    retry = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }

  function connect(): void {
    const next = new pg.Client({ connectionString: url, application_name: 'wordbench-data' });
    client = next;
    next.on('notification', () => (version += 1));
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next
      .connect()
      .then(() => next.query(`LISTEN ${CHANNEL}`))
      .then(() => {
        if (client !== next) return;
        // Whatever changed while nobody listened: everything cached before is stale.
        version += 1;
        listening = true;
        backoff = 100;
      })
      .catch(() => lost(next));
  }

  connect();
  // Its own writes move the version at once: their notifications come a moment later.
  const stopLocal = onCommittedWrite?.(() => (version += 1));
  return {
    current: () => (listening ? version : (version += 1)),
    async close() {
      closed = true;
      stopLocal?.();
      clearTimeout(retry);
      const last = client;
      client = null;
      listening = false;
      await last?.end().catch(() => undefined);
    },
  };
}

/** The data version of the storage's backend. */
export function dataVersionOf(storage: Storage): DataVersion {
  if (storage.dialect === 'postgres') {
    return listenDataVersion(storage.url!, storage.onCommittedWrite?.bind(storage));
  }
  return sqliteDataVersion(storage.sqlite!);
}
