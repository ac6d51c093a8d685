import type { TestProject } from 'vitest/node';
import { startPgCluster } from './pg-cluster';
import { createMigratedTemplate } from './shared-pg-test-support';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throw-away cluster's `postgres` database, for making one database per test app. */
    pgAdminUrl: string;
  }
}

/**
 * Global setup of the test project that runs the API suite on PostgreSQL: one throw-away cluster
 * for the whole run (test-backend.ts makes a database per app on it), stopped at the end.
 */
export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  // Each test app's database is a copy of one migrated here (test-backend.ts).
  await createMigratedTemplate(cluster.url);
  project.provide('pgAdminUrl', cluster.url);
  return () => cluster.stop();
}
