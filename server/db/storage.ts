import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './db';
import { createCommitHooks } from './commit-hooks';
import { createLocalWrites } from './local-writes';
import { migratePostgres } from './pg-migrations';
import type { Schema } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** A database handle or an open transaction: query modules take either. */
export type Queryable = Kysely<Schema>;

/**
 * The storage every area reaches its tables through: one async interface over SQLite (one
 * desktop, better-sqlite3) and PostgreSQL (a team). Areas write their SQL with Kysely in their
 * `queries.ts`; where the dialects differ they ask `dialect`.
 */
export interface Storage {
  readonly dialect: Dialect;
  readonly db: Queryable;
  /**
   * SQLite's own handle, for what only SQLite has (the file's folder, `total_changes()`, whether
   * it is still open); queries go through `db`. Absent on PostgreSQL.
   */
  readonly sqlite?: Database;
  /** PostgreSQL's connection string, for what needs a connection of its own (the change feed). */
  readonly url?: string;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * SQLite takes the write lock at the start (BEGIN IMMEDIATE), so a transaction that reads
   * before it writes never fails half-way on a lock another process holds.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs reads that must see one state of the database (a page and its details): SQLite's
   * deferred transaction, PostgreSQL's REPEATABLE READ READ ONLY. Takes no write lock.
   */
  snapshot<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `then` once the transaction `tx` (of `transaction`) has committed, not if it rolls back;
   * at once when `tx` is `db`, outside a transaction.
   */
  afterCommit(tx: Queryable, then: () => void): void;
  /**
   * PostgreSQL: calls `listener` at once after each write this process commits (local-writes.ts);
   * answers how to stop. (SQLite has `total_changes()` for that.)
   */
  onCommittedWrite?(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * The storage over an open SQLite database (the caller keeps and closes it). Kysely's SQLite
 * driver serializes its queries on the one connection, and a transaction holds it to the end,
 * so no other query lands inside someone else's transaction.
 */
export function sqliteStorage(database: Database): Storage {
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: withStatementCache(database) }),
  });
  const run = <T>(begin: 'BEGIN IMMEDIATE' | 'BEGIN', work: (tx: Queryable) => Promise<T>) =>
    db.connection().execute(async (connection) => {
      await sql.raw(begin).execute(connection);
      try {
        const result = await work(connection);
        await sql`COMMIT`.execute(connection);
        return result;
      } catch (error) {
        if (database.inTransaction) await sql`ROLLBACK`.execute(connection);
        throw error;
      }
    });
  const hooks = createCommitHooks();
  return {
    dialect: 'sqlite',
    db,
    sqlite: database,
    transaction: (work) => hooks.around((hooked) => run('BEGIN IMMEDIATE', hooked), work),
    afterCommit: hooks.add,
    snapshot: (work) => run('BEGIN', work),
    // The database is the caller's: only Kysely's own state goes.
    close: async () => undefined,
  };
}

/** Prepared statements kept per SQL text (a query shape); the oldest goes past this many. */
const STATEMENT_CACHE = 500;

/**
 * The handle as Kysely's SQLite driver sees it, with prepared statements reused by SQL text:
 * the driver prepares every query it runs, which costs more than running a small one (the key
 * lookup of every request). Nothing here streams (`.stream()` would keep a statement busy).
 */
function withStatementCache(database: Database) {
  const statements = new Map<string, ReturnType<Database['prepare']>>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text);
        if (statements.size >= STATEMENT_CACHE) {
          statements.delete(statements.keys().next().value!);
        }
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

const INT8_OID = 20;

/**
 * pg answers bigint columns as strings (they may pass 2^53); ours are ids, counts and epoch
 * seconds, so they are numbers, as SQLite gives them.
 */
export const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The storage over a PostgreSQL database (`postgres://...`), with a pool of `max` connections. */
export function postgresStorage(url: string, options: { max?: number } = {}): Storage {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: pgTypes });
  // An idle connection the server closed (a restart, an operator) is dropped by the pool, which
  // opens a new one when asked; unheard, its 'error' event would end the process.
  pool.on('error', () => undefined);
  const base = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  // Statements outside transactions are watched for writes; a transaction is told on commit.
  const writes = createLocalWrites();
  const db = base.withPlugin(writes.plugin);
  const hooks = createCommitHooks();
  return {
    dialect: 'postgres',
    db,
    url,
    async transaction(work) {
      const result = await hooks.around((hooked) => base.transaction().execute(hooked), work);
      writes.committed();
      return result;
    },
    afterCommit: hooks.add,
    onCommittedWrite: writes.listen,
    snapshot: (work) =>
      base
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(work),
    close: () => base.destroy(),
  };
}

/**
 * Connects to a PostgreSQL database and brings its schema up to date (several processes starting
 * at once migrate it once: pg-migrations/index.ts), then answers its storage.
 */
export async function openPostgresStorage(url: string, options: { max?: number } = {}) {
  const storage = postgresStorage(url, options);
  try {
    const client = new pg.Client({ connectionString: url, types: pgTypes });
    await client.connect();
    try {
      await migratePostgres(client);
    } finally {
      await client.end();
    }
    return storage;
  } catch (error) {
    await storage.close();
    throw error;
  }
}
