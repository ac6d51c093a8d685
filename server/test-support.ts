import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';
import { ensureBootstrap } from './db/bootstrap';
import { openDatabase, type Database } from './db/db';
import { createKey } from './db/keys';
import { createOrganization, createUser } from './db/organizations';
import { sqliteStorage, type Storage } from './db/storage';

/** A fresh folder under the OS temp dir; tests remove it when done. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'wordbench-test-'));
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The storage the app runs on (over `db` unless the options gave one). */
  storage: Storage;
  /** The bootstrap key of the test database, valid for every request. */
  key: string;
  dir: string;
  close(): Promise<void>;
}

export const TEST_KEY = 'wb_test-key-0123456789';

/** A real app on a real SQLite file, not listening: drive it with `app.inject`. */
export async function createTestApp(options: Partial<AppOptions> = {}): Promise<TestApp> {
  const dir = tempDir();
  const db = openDatabase(join(dir, 'wordbench.db'));
  const storage = options.storage ?? sqliteStorage(db);
  await ensureBootstrap(storage, { key: TEST_KEY });
  const app = await buildApp({
    db,
    storage,
    languages: () => ({ source_to_target: {}, code_to_name: {} }),
    ...options,
  });
  return {
    app,
    db,
    storage,
    key: TEST_KEY,
    dir,
    close: async () => {
      await app.close();
      db.close();
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

/** Every row of the tables the API writes: equal snapshots mean a request changed nothing. */
export function snapshot(db: Database): Record<string, unknown[]> {
  const tables = ['memories', 'projects', 'project_state_changes', 'documents'];
  return Object.fromEntries(
    tables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY id`).all()]),
  );
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
