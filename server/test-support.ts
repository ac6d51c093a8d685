import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';
import { ensureBootstrap } from './store/bootstrap';
import { openDatabase, type Database } from './store/db';

/** A fresh folder under the OS temp dir; tests remove it when done. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'wordbench-test-'));
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
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
  ensureBootstrap(db, { key: TEST_KEY });
  const app = await buildApp({
    db,
    languages: () => ({ source_to_target: {}, code_to_name: {} }),
    ...options,
  });
  return {
    app,
    db,
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
