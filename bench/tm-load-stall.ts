/**
 * `npm run bench:tm-load` (`npx tsx bench/tm-load-stall.ts`): how long the server stops answering
 * while a large memory's index loads after a restart (issue 13: never more than 50 ms at a time).
 *
 * - A memory of 1M units (bench/tm-data.ts) is written straight into a server's SQLite file
 *   through the memories' query module, with no server running.
 * - Then, per run, a server is started on that folder twice, in its own process each time (this
 *   file with `--serve`: the real app, `buildApp`), once with the stepped build of the lists and
 *   once with the old one-shot build (an engine whose index has no `buildStep`, so the load builds
 *   in one call, and no `reserve`, so its arrays grow by doubling), in alternating order.
 * - A second after the server listens, the first `GET /v2/memories/query` loads the index;
 *   meanwhile `GET /health` is sent every 10 ms from this process and its latency recorded, a
 *   timer inside the server (every 2 ms) records each stall of its event loop, and the engine's
 *   build calls are timed (wall and CPU: on a busy machine the wall time of a step also holds
 *   the time the process waited for a core).
 * Printed per mode: the longest event loop block and the blocks over 50 ms from the query until
 * the index is built (the query's own work after that is left out), the longest build call,
 * /health p50/p99/max until the answer, the time to the first query's answer (and the next),
 * the machine's load average; then the stepped / one-shot ratios (medians of the runs).
 *
 *   npx tsx bench/tm-load-stall.ts [--size 1m] [--runs 3]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { ensureBootstrap } from '../server/db/bootstrap';
import { openStorage } from '../server/db/open-storage';
import { defaultTmEngine, type TmEngine } from '../server/memories/registry';
import { restoreInlineCodes, type TmIndex } from '../server/tm';
import { stopServerProcess, type ServerProcess } from './server-process';
import { seedMemory } from './seed-memory';
import { callApi } from './tm-import';
import { loadTmBenchData } from './tm-data';

const KEY = 'wb_bench_tm_load_stall_key_012345';
const HEALTH_EVERY_MS = 10;
const STALL_MS = 50;
const PROBE_EVERY_MS = 2;
const SETTLE_MS = 1_000;
const MODES = ['stepped', 'one-shot'] as const;
const epochNow = () => performance.timeOrigin + performance.now();
type Mode = (typeof MODES)[number];

/** What the server's engine did while the index loaded, timed from inside the server. */
interface BuildTimes {
  /** The longest call that built lists: a step, or the one-shot build. */
  longestCallMs: number;
  /** The CPU time of the longest call (the process's: a busy machine may stretch the wall time). */
  longestCallCpuMs: number;
  calls: number;
  /** When the first build ended (epoch ms). */
  builtAt: number;
}

/**
 * The engine, timed. `one-shot` is the old way: no owner for rebuilds and no `buildStep`, so the
 * load builds in one call (`prepare`), and no `reserve`, so the arrays grow by doubling.
 */
function timedEngine(mode: Mode, times: BuildTimes): TmEngine {
  const timed = <T>(call: () => T): T => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = call();
    const wall = performance.now() - started;
    times.calls++;
    if (wall > times.longestCallMs) {
      const used = process.cpuUsage(cpu);
      times.longestCallMs = wall;
      times.longestCallCpuMs = (used.user + used.system) / 1000;
    }
    return result;
  };
  const built = () => void (times.builtAt ||= epochNow());
  return {
    restoreInlineCodes,
    createTmIndex(options): TmIndex {
      // The server's own engine: the fuzzy index, and the concordance's word lists beside it,
      // which stay empty until a concordance search (none here).
      const index = defaultTmEngine.createTmIndex(mode === 'stepped' ? options : undefined);
      const wrapped: TmIndex = {
        add: (unit) => index.add(unit),
        remove: (id) => index.remove(id),
        query: (q) => index.query(q),
        prepare: () => {
          timed(() => index.prepare?.());
          built();
        },
        get size() {
          return index.size;
        },
      };
      if (mode === 'one-shot') return wrapped;
      wrapped.reserve = (units) => index.reserve?.(units);
      wrapped.buildStep = (budgetMs) => {
        const done = timed(() => index.buildStep?.(budgetMs) ?? true);
        if (done) built();
        return done;
      };
      return wrapped;
    },
  };
}

/** The child: the app on `dataDir`; on SIGUSR2 it writes its stalls and build times to `probeFile`. */
async function serve(dataDir: string, mode: Mode, probeFile: string): Promise<void> {
  // Each stall past a few ms: [epoch ms at its start, ms late].
  const stalls: Array<[number, number]> = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - PROBE_EVERY_MS;
    if (late > 5) stalls.push([performance.timeOrigin + last, late]);
    last = now;
  }, PROBE_EVERY_MS).unref();
  const build: BuildTimes = { longestCallMs: 0, longestCallCpuMs: 0, calls: 0, builtAt: 0 };
  process.on('SIGUSR2', () => writeFileSync(probeFile, JSON.stringify({ stalls, build })));
  const opened = await openStorage({ dataDir });
  await ensureBootstrap(opened.storage, { key: KEY });
  const app = await buildApp({
    storage: opened.storage,
    dataDir,
    mt: null,
    tmEngine: timedEngine(mode, build),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => opened.close())
      .then(() => process.exit(0));
  });
  const { port } = app.server.address() as { port: number };
  console.log(`listening on http://127.0.0.1:${port}`);
}

async function startServe(dataDir: string, mode: Mode, probeFile: string): Promise<ServerProcess> {
  const self = fileURLToPath(import.meta.url);
  const args = ['--import', 'tsx', self, '--serve', dataDir, '--mode', mode, '--probe', probeFile];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /listening on (http:\/\/\S+)/.exec(line);
    if (match) return { child, url: match[1]! };
  }
  throw new Error(`the bench server exited before listening (code ${child.exitCode})`);
}

interface LoadFigures {
  firstQueryMs: number;
  nextQueryMs: number;
  /** `GET /health` latencies until the first query's answer, ms, ascending. */
  health: number[];
  /** Stalls of the server's event loop from the first query until the index was built, ms,
   * longest first (the query's own work, after the build, is left out). */
  stalls: number[];
  build: BuildTimes;
}

interface Probe {
  stalls: Array<[number, number]>;
  build: BuildTimes;
}

const pause = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/** Starts a server on `dataDir`, times the first query and watches the server meanwhile. */
async function measureLoad(dataDir: string, memoryId: number, query: string, mode: Mode) {
  const probeFile = join(dataDir, `loop-probe-${mode}-${Date.now()}.json`);
  const server = await startServe(dataDir, mode, probeFile);
  try {
    // The server's own start (compiling, recovering work) is over before the load begins.
    await pause(SETTLE_MS);
    const ask = `/v2/memories/query?id=${memoryId}&query=${encodeURIComponent(query)}`;
    let loading = true;
    const health: number[] = [];
    const poller = (async () => {
      while (loading) {
        const sent = performance.now();
        await fetch(`${server.url}/health`).then((response) => response.arrayBuffer());
        health.push(performance.now() - sent);
        await pause(HEALTH_EVERY_MS);
      }
    })();
    const from = epochNow();
    await callApi(server.url, KEY, ask);
    const to = epochNow();
    loading = false;
    await poller;
    const sent = performance.now();
    await callApi(server.url, KEY, ask);
    const nextQueryMs = performance.now() - sent;
    server.child.kill('SIGUSR2');
    const { stalls, build } = await readProbe(probeFile);
    return {
      firstQueryMs: to - from,
      nextQueryMs,
      health: health.sort((a, b) => a - b),
      build,
      stalls: stalls
        .filter(([at]) => at >= from && at <= build.builtAt)
        .map(([, late]) => late)
        .sort((a, b) => b - a),
    } satisfies LoadFigures;
  } finally {
    await stopServerProcess(server);
  }
}

async function readProbe(file: string): Promise<Probe> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Probe;
    } catch {
      await pause(50);
    }
  }
  throw new Error('the bench server wrote no probe file');
}

const int = (v: number) => v.toLocaleString('en-US');
const ms = (v: number) => (v < 100 ? v.toFixed(1) : v.toFixed(0));
const seconds = (v: number) => `${(v / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? NaN;
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return percentile(sorted, 50);
}

/** The figures compared, by name. */
const summary = (f: LoadFigures) => ({
  'longest block': f.stalls[0] ?? 0,
  'longest build call': f.build.longestCallMs,
  '/health p50': percentile(f.health, 50),
  '/health p99': percentile(f.health, 99),
  '/health max': f.health.at(-1) ?? NaN,
  'first query': f.firstQueryMs,
});

function printLoad(run: number, mode: Mode, f: LoadFigures): void {
  const s = summary(f);
  console.log(
    `   run ${run} ${mode.padEnd(8)}: loading, longest block ${ms(s['longest block'])} ms, ` +
      `${f.stalls.filter((v) => v > STALL_MS).length} over ${STALL_MS} ms, longest build call ` +
      `${ms(f.build.longestCallMs)} ms (CPU ${ms(f.build.longestCallCpuMs)} ms; ${f.build.calls} ` +
      `calls); ${f.health.length} ` +
      `GET /health p50 ${ms(s['/health p50'])} / p99 ${ms(s['/health p99'])} / max ` +
      `${ms(s['/health max'])} ms; first query ${seconds(f.firstQueryMs)}, next ` +
      `${ms(f.nextQueryMs)} ms; machine load ${loadavg()[0]!.toFixed(1)}`,
  );
}

function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`bad size ${text}: use e.g. 100k, 1m`);
  const unit = match[2]!.toLowerCase();
  return Math.round(Number(match[1]) * (unit === 'm' ? 1e6 : unit === 'k' ? 1e3 : 1));
}

async function main(size: number, runs: number): Promise<void> {
  let t0 = performance.now();
  const data = loadTmBenchData({ size, queries: 5 });
  const query = data.queries[0]!.text;
  console.log(
    `TM index load: ${int(data.units.length)} units (data ${seconds(performance.now() - t0)})`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'wb-bench-tm-load-'));
  try {
    t0 = performance.now();
    const memoryId = await seedMemory(dataDir, KEY, data.units);
    console.log(`   written into SQLite in ${seconds(performance.now() - t0)}; restarts:`);
    const figures: Record<Mode, Array<ReturnType<typeof summary>>> = {
      stepped: [],
      'one-shot': [],
    };
    for (let run = 1; run <= runs; run++) {
      for (const mode of run % 2 === 1 ? MODES : [...MODES].reverse()) {
        const f = await measureLoad(dataDir, memoryId, query, mode);
        printLoad(run, mode, f);
        figures[mode].push(summary(f));
      }
    }
    const names = Object.keys(figures.stepped[0]!) as Array<keyof ReturnType<typeof summary>>;
    const ratios = names.map((name) => {
      const of = (mode: Mode) => median(figures[mode].map((f) => f[name]));
      return `${name} ${(of('stepped') / of('one-shot')).toFixed(2)}x`;
    });
    console.log(`   stepped / one-shot (medians of ${runs} runs): ${ratios.join(', ')}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1m' },
    runs: { type: 'string', default: '3' },
    serve: { type: 'string' },
    mode: { type: 'string', default: 'stepped' },
    probe: { type: 'string', default: '' },
  },
});
if (values.serve) await serve(values.serve, values.mode as Mode, values.probe);
else await main(parseSize(values.size), Number(values.runs));
