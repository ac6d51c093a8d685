import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { basic } from '../server/test-support';
import { startServer } from '../server/start';
import { ensureBootstrap } from '../server/db/bootstrap';
import { DATABASE_FILE, openDatabase } from '../server/db/db';
import { sqliteStorage } from '../server/db/storage';
import { seedProjects } from './seed-projects';

/** The part of autocannon's result we print (the package ships no types). */
interface LoadResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  workers: number;
  headers: Record<string, string>;
}) => Promise<LoadResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface BenchOptions {
  projects?: number;
  connections?: number;
  durationSeconds?: number;
  /** Segments in all, spread over the documents (BENCH_SEGMENTS; default none). */
  segments?: number;
}

const KEY = 'wb_bench-key-0123456789';
const FILTERED = '/v2/projects?state=inReview&srclang=en&trglang=es';

/** A write the project list is made of, so that the next list is built, not cached. */
async function touchProject(baseUrl: string, round: number): Promise<void> {
  const response = await fetch(`${baseUrl}/v2/projects`, {
    method: 'PUT',
    headers: { authorization: basic(KEY), 'content-type': 'application/json' },
    body: JSON.stringify({ id: 1, name: `Touched ${round}` }),
  });
  if (response.status !== 200) throw new Error(`PUT /v2/projects answered ${response.status}`);
}

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;

async function timedGet(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: basic(KEY) } });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength, status: response.status };
}

/**
 * Seeds a temporary data folder, starts the real server on 127.0.0.1 and loads `GET /v2/projects`
 * (all projects, then a filtered query) with autocannon; answers the figures by name.
 * Everything stays on loopback and stops by itself; the folder is removed afterwards.
 */
export async function benchProjectsApi(
  options: BenchOptions = {},
): Promise<Record<string, number>> {
  const { projects = 10_000, connections = 100, durationSeconds = 10, segments = 0 } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'wordbench-bench-'));
  const figures: Record<string, number> = { projects, connections, durationSeconds };
  try {
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    await ensureBootstrap(sqliteStorage(db), { key: KEY });
    const seedStarted = performance.now();
    // Two documents a project on average: segments / (2 * projects) a document.
    const segmentsPerDocument = Math.round(segments / (2 * projects));
    await seedProjects(db, {
      count: projects,
      documentsPerProject: 2,
      seed: 1,
      segmentsPerDocument,
    });
    figures.seedMs = performance.now() - seedStarted;
    figures.documents = (
      db.prepare('SELECT count(*) AS n FROM documents').get() as { n: number }
    ).n;
    figures.segments = (db.prepare('SELECT count(*) AS n FROM segments').get() as { n: number }).n;
    db.close();

    const server = await startServer({
      dataDir,
      host: '127.0.0.1',
      bootstrapKey: KEY,
      // The load must be measured, not refused by the 4000-a-minute quota.
      quota: { limit: 1_000_000_000, windowMs: 60_000, blockMs: 60_000 },
    });
    try {
      // The full list goes last: when its run ends, the server still owes answers to the
      // requests in flight (the sockets are gone, but Node cannot tell until it writes).
      for (const [name, path] of [
        ['filtered', FILTERED],
        ['all', '/v2/projects'],
      ] as const) {
        // Cold: the first request of its kind prepares its statements.
        const cold = await timedGet(server.url + path);
        if (cold.status !== 200) throw new Error(`GET ${path} answered ${cold.status}`);
        figures[`${name}.coldMs`] = cold.ms;
        figures[`${name}.responseBytes`] = cold.bytes;
        const warm: number[] = [];
        for (let i = 0; i < 5; i += 1) warm.push((await timedGet(server.url + path)).ms);
        figures[`${name}.warmSingleMs`] = median(warm);
        // Built again after a write (the answer cache keeps a list until the data changes).
        const rebuilt: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          await touchProject(server.url, i);
          rebuilt.push((await timedGet(server.url + path)).ms);
        }
        figures[`${name}.afterWriteMs`] = median(rebuilt);
        if (process.env.BENCH_NO_LOAD) continue;

        const result = await autocannon({
          url: server.url + path,
          connections,
          duration: durationSeconds,
          // A 12 MB answer queued behind 99 others takes longer than autocannon's default 10 s.
          timeout: 60,
          // The load generator gets its own thread, so it does not compete with the server's loop.
          workers: 1,
          headers: { authorization: basic(KEY) },
        });
        figures[`${name}.p50Ms`] = result.latency.p50;
        figures[`${name}.p99Ms`] = result.latency.p99;
        figures[`${name}.requestsPerSecond`] = result.requests.average;
        figures[`${name}.responses2xx`] = result['2xx'];
        figures[`${name}.non2xx`] = result.non2xx;
        figures[`${name}.errors`] = result.errors;
        figures[`${name}.timeouts`] = result.timeouts;
      }
    } finally {
      const closing = performance.now();
      await server.close();
      figures.closeMs = performance.now() - closing;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

function print(figures: Record<string, number>, loadBefore: number[]): void {
  const cpu = cpus();
  console.log(
    `GET /v2/projects (Node ${process.version}, ${cpu.length} x ${cpu[0]?.model ?? '?'})`,
  );
  const load = (values: number[]) => values.map((n) => n.toFixed(2)).join(' ');
  console.log(`load average before ${load(loadBefore)}, after ${load(loadavg())}`);
  for (const [name, value] of Object.entries(figures)) {
    const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
    console.log(`${name.padEnd(28)} ${shown}`);
  }
  for (const name of ['filtered', 'all']) {
    // autocannon drops what is in flight when the time is up: with none finished, p50 says nothing.
    if (figures[`${name}.responses2xx`] === 0) {
      console.log(`${name}: no response finished within the run; its latencies are not measured`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const loadBefore = loadavg();
  // BENCH_SECONDS lengthens each run, e.g. to let 100 full-list answers of 12 MB finish.
  const durationSeconds = Number(process.env.BENCH_SECONDS) || undefined;
  // BENCH_SEGMENTS=1000000: the list's progress over a million segments (issue 14);
  // BENCH_CONNECTIONS sets the load; BENCH_NO_LOAD=1 measures single requests only.
  const segments = Number(process.env.BENCH_SEGMENTS) || undefined;
  const connections = Number(process.env.BENCH_CONNECTIONS) || undefined;
  benchProjectsApi({ durationSeconds, segments, connections }).then(
    (figures) => print(figures, loadBefore),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
