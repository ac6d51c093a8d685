/**
 * `npm run bench:team`: a team server against one desktop's, in one run. GET /v2/projects (the
 * board's list) and POST /v2/translate (TM only, so the server's own path is measured, not
 * Apertium) under load, with one process on SQLite, one on PostgreSQL, and two on one
 * PostgreSQL database (each process loaded with half the connections, as a load balancer
 * would); requests per second and p99, then each figure's ratio to one process on SQLite.
 *
 *   npx tsx bench/team.ts [--projects 2000] [--units 20000] [--seconds 10] [--connections 40]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startPgCluster } from '../server/db/pg-cluster';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { loadTmBenchData } from './tm-data';
import { callApi, createBenchMemory, uploadTmx, waitUntilImported } from './tm-import';
import { writeTmx } from './tmx-file';

interface LoadResult {
  latency: { p99: number };
  requests: { average: number };
  non2xx: number;
  errors: number;
}
type Request = { method: 'GET' | 'POST'; path: string; body?: string; headers?: object };
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: object,
) => Promise<LoadResult>;

const KEY = 'wb_bench_team_key_0123456789';
const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '2000' },
    units: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '40' },
  },
});
const PROJECTS = Number(values.projects);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const data = loadTmBenchData({ size: Number(values.units), queries: 200, seed: 7 });

/** The same data on every setup: a memory with the units, and PROJECTS projects on it. */
async function seed(base: string, dir: string): Promise<number> {
  const memoryId = await createBenchMemory(base, KEY);
  const tmx = join(dir, 'units.tmx');
  await writeTmx(tmx, data.units);
  await uploadTmx(base, KEY, memoryId, tmx);
  await waitUntilImported(base, KEY, memoryId);
  for (let made = 0; made < PROJECTS; made += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, PROJECTS - made) }, (_, i) =>
        callApi(base, KEY, '/v2/projects', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Project ${made + i + 1}`, memory_id: memoryId }),
        }),
      ),
    );
  }
  return memoryId;
}

/** Loads every server at once, each with its share of the connections; sums and takes the worst. */
async function load(servers: ServerProcess[], requests: Request[]) {
  const results = await Promise.all(
    servers.map((server) =>
      autocannon({
        url: server.url,
        connections: Math.max(1, Math.round(CONNECTIONS / servers.length)),
        duration: SECONDS,
        timeout: 60,
        workers: 1,
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        requests,
      }),
    ),
  );
  const failed = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
  if (failed > 0) throw new Error(`${failed} requests failed`);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  };
}

async function measure(name: string, start: (dir: string) => Promise<ServerProcess[]>) {
  const dir = mkdtempSync(join(tmpdir(), 'wordbench-team-bench-'));
  const servers = await start(dir);
  try {
    const memoryId = await seed(servers[0]!.url, dir);
    const translate = data.queries.slice(0, 100).map((query): Request => ({
      method: 'POST',
      path: '/v2/translate',
      body: JSON.stringify({ source: query.text, memory_id: memoryId, mt: false }),
    }));
    // Warm every process: the list built once, the memory's index loaded.
    for (const server of servers) {
      await callApi(server.url, KEY, '/v2/projects');
      await callApi(server.url, KEY, '/v2/translate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: translate[0]!.body,
      });
    }
    const projects = await load(servers, [{ method: 'GET', path: '/v2/projects' }]);
    const translated = await load(servers, translate);
    return { name, projects, translated };
  } finally {
    for (const server of servers) await stopServerProcess(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

const quota = ['--quota', '1000000000'];
const cpu = cpus();
console.log(`bench:team (Node ${process.version}, ${cpu.length} x ${cpu[0]?.model ?? '?'})`);
console.log(
  `${PROJECTS} projects, ${data.units.length} units, ${CONNECTIONS} connections, ${SECONDS} s each`,
);
console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
const cluster = await startPgCluster();
try {
  const one = await cluster.createDatabase('team_one');
  const two = await cluster.createDatabase('team_two');
  const rows = [
    await measure('1 process, SQLite', async (dir) => [await startServerProcess(dir, KEY, quota)]),
    await measure('1 process, PostgreSQL', async (dir) => [
      await startServerProcess(dir, KEY, [...quota, '--database', one]),
    ]),
    await measure('2 processes, PostgreSQL', async (dir) => {
      const first = await startServerProcess(dir, KEY, [...quota, '--database', two]);
      return [first, await startServerProcess(dir, KEY, [...quota, '--database', two])];
    }),
  ];
  const base = rows[0]!;
  const cell = (value: number, of: number) =>
    `${value.toFixed(0).padStart(6)} (${(value / of).toFixed(2)}x)`;
  console.log(
    `\n${'setup'.padEnd(26)} ${'projects req/s'.padEnd(16)} ${'p99 ms'.padEnd(16)} ${'translate req/s'.padEnd(16)} p99 ms`,
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(26),
        cell(row.projects.rps, base.projects.rps).padEnd(16),
        cell(row.projects.p99, base.projects.p99).padEnd(16),
        cell(row.translated.rps, base.translated.rps).padEnd(16),
        cell(row.translated.p99, base.translated.p99),
      ].join(' '),
    );
  }
  console.log('(ratios: to one process on SQLite, in this run; this machine has 2 cores)');
} finally {
  await cluster.stop();
}
