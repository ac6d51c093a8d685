import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';
import { ensureBootstrap } from './db/bootstrap';
import { openDatabase, type Database } from './db/db';
import { createKey } from './db/keys';
import { createOrganization, createUser } from './db/organizations';
import type { Schema } from './db/schema';
import { openPostgresStorage, sqliteStorage, type Queryable, type Storage } from './db/storage';
import { createTestDatabase, testBackend } from './db/test-backend';

/** A fresh folder under the OS temp dir; tests remove it when done. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'wordbench-test-'));
}

export interface TestApp {
  app: FastifyInstance;
  /**
   * The SQLite handle, for tests that look at rows directly; such tests run on SQLite only (on
   * PostgreSQL, reading it throws).
   */
  db: Database;
  /** The storage the app runs on (over `db` unless the options gave one). */
  storage: Storage;
  /** The bootstrap key of the test database, valid for every request. */
  key: string;
  dir: string;
  close(): Promise<void>;
}

export const TEST_KEY = 'wb_test-key-0123456789';

/** One opening of a test database: its storage, and on SQLite its handle. */
export interface OpenedTestDatabase {
  storage: Storage;
  db?: Database;
  close(): Promise<void>;
}

export interface TestDatabase {
  open(): Promise<OpenedTestDatabase>;
}

/**
 * A test database that outlives the apps on it, for restarts: a SQLite file in `dir`, or in the
 * `postgres` test project a new PostgreSQL database (test-backend.ts). Each `open` is a new
 * connection to it, as a restarted server would make.
 */
export async function reopenableTestDatabase(dir: string): Promise<TestDatabase> {
  const url = testBackend() === 'postgres' ? await createTestDatabase() : undefined;
  return {
    async open() {
      if (url) {
        const storage = await openPostgresStorage(url, { max: 4 });
        return { storage, close: () => storage.close() };
      }
      const db = openDatabase(join(dir, 'wordbench.db'));
      return { storage: sqliteStorage(db), db, close: async () => void db.close() };
    },
  };
}

/**
 * A real app on a real database, not listening: drive it with `app.inject`. The database is a
 * SQLite file, or in the `postgres` test project a PostgreSQL database of its own.
 */
export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const dir = tempDir();
  const opened: OpenedTestDatabase = options.storage
    ? { storage: options.storage, close: async () => undefined }
    : await (await reopenableTestDatabase(dir)).open();
  const { storage, db } = opened;
  await ensureBootstrap(storage, { key: TEST_KEY });
  const app = await buildApp({
    db,
    storage,
    dataDir: dir,
    languages: () => ({ source_to_target: {}, code_to_name: {} }),
    ...options,
  });
  return {
    app,
    get db(): Database {
      if (!db) throw new Error('This test reads SQLite directly: it runs on SQLite only');
      return db;
    },
    storage,
    key: TEST_KEY,
    dir,
    close: async () => {
      await app.close();
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function basic(user: string, password: string = user): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Requests as one API key: `payload` objects are sent as JSON. */
export function apiClient(app: FastifyInstance, key: string = TEST_KEY) {
  const send = (method: Method, url: string, payload?: object | string) =>
    app.inject({
      method,
      url,
      headers: { authorization: basic(key) },
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: object | string) => send('POST', url, payload),
    put: (url: string, payload?: object | string) => send('PUT', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
}

/** The tables whose rows the tests compare, each with an `id` to order them by. */
export type TableWithId = Exclude<
  keyof Schema,
  | 'blobs'
  | 'document_skeleton_parts'
  | 'file_translation_targets'
  | 'server_secrets'
  | 'upload_parts'
>;

/**
 * Every row of `tables` by id, as both backends answer them (integers, 0/1 flags and JSON text
 * alike on both: server/db/README.md), so equal results mean equal contents.
 */
export async function rowsById(
  db: Queryable,
  tables: readonly TableWithId[],
): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const table of tables) {
    all[table] = await db.selectFrom(table).selectAll().orderBy('id').execute();
  }
  return all;
}

/** How many rows `table` has, as `{ n }` (a number on both backends). */
export function countRows(db: Queryable, table: keyof Schema): Promise<{ n: number }> {
  return db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
}

/** Every row of the tables the API writes: equal snapshots mean a request changed nothing. */
export function snapshot(storage: Storage): Promise<Record<string, unknown[]>> {
  return rowsById(storage.db, ['memories', 'projects', 'project_state_changes', 'documents']);
}

/** A second organization with its own user and key, to prove that neither sees the other. */
export function createOtherOrganization(
  storage: Storage,
  key = 'wb_other-org-key-0123456789',
): Promise<{ orgId: number; userId: number; key: string }> {
  return storage.transaction(async (tx) => {
    const orgId = await createOrganization(tx, 'Other organization');
    const userId = await createUser(tx, orgId, 'Other user');
    await createKey(tx, userId, key);
    return { orgId, userId, key };
  });
}
