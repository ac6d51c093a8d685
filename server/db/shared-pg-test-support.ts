import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { startPgCluster, type PgCluster } from './pg-cluster';
import { openPostgresStorage } from './storage';

// Test support: one throw-away PostgreSQL cluster for all the files of a run that need one,
// started on the first request. A cluster costs 2-3 s to start (initdb, pg_ctl), which every
// such file used to pay. The run's main process holds it, so that it outlives the worker
// processes (which stop their own clusters when they exit). Each file gets databases of its own:
// empty, or copies of one migrated when the cluster started (a tenth of a migration's time).

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:PORT/`: answers the shared cluster's admin url, starting it if need be. */
    wordbenchPgBroker: string;
  }
}

/** Global setup (vitest.config.ts): the broker, and after the run the cluster's stop. */
export default async function setup(project: TestProject) {
  let cluster: Promise<PgCluster> | undefined;
  const broker = createServer((_request, response) => {
    // Files of several workers at once, each with pools and server processes of its own.
    cluster ??= startPgCluster({ settings: { max_connections: '200' } }).then(async (started) => {
      await createMigratedTemplate(started.url);
      return started;
    });
    cluster.then(
      (started) => response.end(started.url),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const { port } = broker.address() as AddressInfo;
  project.provide('wordbenchPgBroker', `http://127.0.0.1:${port}/`);
  return async () => {
    broker.closeAllConnections();
    await new Promise((resolve) => broker.close(resolve));
    await (await cluster?.catch(() => undefined))?.stop();
  };
}

/** The database test databases are copied from: empty, at the latest schema. */
export const MIGRATED_TEMPLATE = 'wb_migrated_template';

/** Creates MIGRATED_TEMPLATE on the cluster of `adminUrl` and migrates it (once per cluster). */
export async function createMigratedTemplate(adminUrl: string): Promise<void> {
  await adminQuery(adminUrl, `CREATE DATABASE ${MIGRATED_TEMPLATE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${MIGRATED_TEMPLATE}`;
  // Closed at once: a database is copied only while nobody is connected to it.
  const storage = await openPostgresStorage(url.toString());
  await storage.close();
}

/**
 * Creates database `name` on the cluster of `adminUrl` as a copy of `template` (by default
 * MIGRATED_TEMPLATE, or `template1` for an empty one: what a server or a migration test starts
 * on); answers its url.
 */
export async function databaseFromTemplate(
  adminUrl: string,
  name: string,
  template = MIGRATED_TEMPLATE,
): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const version = await client.query<{ v: string }>('SELECT current_setting($1) AS v', [
      'server_version_num',
    ]);
    // PostgreSQL 15's default strategy logs every page of the copy; a file copy is far quicker here.
    const strategy = Number(version.rows[0]?.v) >= 150_000 ? ' STRATEGY FILE_COPY' : '';
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}${strategy}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let made = 0;

/**
 * A new database on the run's shared cluster (`name` and a unique suffix), empty or already
 * migrated to the latest schema (`{ migrated: true }`); its url.
 */
export async function sharedPgDatabase(
  name: string,
  options: { migrated?: boolean } = {},
): Promise<string> {
  const broker = inject('wordbenchPgBroker');
  if (!broker) throw new Error('No PostgreSQL broker: the project needs shared-pg-test-support.ts');
  const answer = await fetch(broker);
  const admin = await answer.text();
  if (!answer.ok) throw new Error(`The shared PostgreSQL cluster did not start: ${admin}`);
  made += 1;
  const database = `${name}_${process.pid}_${made}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`bad database name: ${database}`);
  return databaseFromTemplate(admin, database, options.migrated ? MIGRATED_TEMPLATE : 'template1');
}

/** Drops a database of `sharedPgDatabase`, ending the connections still open on it. */
export async function dropSharedPgDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const database = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  await adminQuery(admin.toString(), `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
