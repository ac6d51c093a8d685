import pg from 'pg';
import { inject } from 'vitest';
import type { Backend } from './backends-test-support';
import { createFromTemplate } from './shared-pg-test-support';

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

/** A new, empty database on the run's cluster, migrated (a copy of pg-global-setup.ts's); its url. */
export async function createTestDatabase(): Promise<string> {
  const admin = inject('pgAdminUrl');
  if (!admin) throw new Error('No PostgreSQL cluster: run this file in the postgres test project');
  made += 1;
  const name = `wb_${process.pid}_${made}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await createFromTemplate(client, name);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
