import { inject } from 'vitest';
import type { Backend } from './backends-test-support';
import { databaseFromTemplate } from './shared-pg-test-support';

/**
 * The backend the API suite runs on: SQLite by default, PostgreSQL in the `postgres` test project
 * (vitest.config.ts sets WORDBENCH_TEST_BACKEND and starts the cluster: pg-global-setup.ts).
 */
export function testBackend(): Backend {
  const value = process.env.WORDBENCH_TEST_BACKEND ?? 'sqlite';
  if (value !== 'sqlite' && value !== 'postgres') {
    throw new Error(`WORDBENCH_TEST_BACKEND must be sqlite or postgres, not ${value}`);
  }
  return value;
}

let made = 0;

/** A new database on the run's cluster, migrated (a copy of pg-global-setup.ts's template); its url. */
export async function createTestDatabase(): Promise<string> {
  const admin = inject('pgAdminUrl');
  if (!admin) throw new Error('No PostgreSQL cluster: run this file in the postgres test project');
  made += 1;
  return databaseFromTemplate(admin, `wb_${process.pid}_${made}`);
}
