/**
 * `npm run bench:tm` (`npx tsx bench/tm.ts`): the translation-memory engine at 30k (the real
 * LibreOffice help units alone), 100k and 1M units (grown by bench/tm-data.ts), with 2,000 real
 * sources held out as queries, at thresholds 50, 70 and 75, top 5:
 * - build time (adds, then the lists) and index memory (heap + array buffers after GC);
 * - lookup latency p50/p90/p99/max, wall clock and CPU time, over several runs (the machine is
 *   shared: CPU time and the spread between runs say how much of a figure is noise);
 * - recall against the full scan (server/tm/full-scan.ts, spread over worker threads);
 * - the 1M TMX import, end to end (bench/tm-import.ts): written to a temporary TMX 1.4b file,
 *   uploaded to a real server with `POST /v2/memories/import`, timed until the memory has every
 *   unit committed; then the first query, which builds the index from SQLite;
 * - the peers (bench/tm-peers.ts: PostgreSQL pg_trgm, translate-toolkit tmserver) on the same
 *   units and queries: p50/p99, the ratio to ours, and the full-scan matches they missed.
 *
 *   npx tsx bench/tm.ts [--sizes 30k,100k,1m] [--queries 2000] [--thresholds 50,70,75]
 *     [--runs 3] [--tmx 1m|none] [--peers 1m|100k|none] [--peer-budget 30] [--workers 2]
 *
 * --peer-budget: seconds of lookups per peer and threshold (WB_TM_PEERS_BUDGET_S wins when set);
 * the peers take seconds per lookup at 1M, so they answer only the first queries in that time,
 * and the comparison is made on those queries. The defaults take about 10 minutes on 2 cores.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createTmIndex, prepareFullScan, tokenize, type TmHit, type TmUnit } from '../server/tm';
import { loadTmBenchData, type TmBenchData } from './tm-data';
import { benchTmxImport } from './tm-import';
import { benchPeers } from './tm-peers';
import { writeTmx } from './tmx-file';

const LIMIT = 5;

// ---------------------------------------------------------------------------------------------
// Full-scan worker: a share of the units, every query, every hit at or above the lowest threshold.

interface ScanRequest {
  texts: string[];
  minScore: number;
}

function serveFullScan(): void {
  const { ids, sources } = workerData as { ids: number[]; sources: string[] };
  const scan = prepareFullScan(
    sources.map((source, i) => ({
      id: ids[i]!,
      source,
      target: '',
      prevSource: null,
      nextSource: null,
      contextKey: null,
    })),
  );
  parentPort!.on('message', ({ texts, minScore }: ScanRequest) => {
    parentPort!.postMessage(texts.map((text) => scan.hits({ text }, minScore)));
  });
}

// Workers do not inherit tsx's loader: a small ESM entry registers it, then loads this file.
const WORKER_ENTRY = new URL(
  `data:text/javascript,${encodeURIComponent(
    `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};` +
      `register(); await import(${JSON.stringify(import.meta.url)});`,
  )}`,
);

/** Hits of every query over all units, merged from `workers` threads. */
async function fullScanAll(units: TmUnit[], texts: string[], minScore: number, workers: number) {
  const share = Math.ceil(units.length / workers);
  const threads = Array.from({ length: workers }, (_, w) => {
    const part = units.slice(w * share, (w + 1) * share);
    return new Worker(WORKER_ENTRY, {
      workerData: { ids: part.map((u) => u.id), sources: part.map((u) => u.source) },
    });
  });
  try {
    const answers = await Promise.all(
      threads.map(async (thread) => {
        thread.postMessage({ texts, minScore } satisfies ScanRequest);
        const [hits] = (await once(thread, 'message')) as [TmHit[][]];
        return hits;
      }),
    );
    return texts.map((_, q) =>
      answers.flatMap((a) => a[q]!).sort((a, b) => b.score - a.score || b.id - a.id),
    );
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}

// ---------------------------------------------------------------------------------------------

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`bad size ${text}: use e.g. 30k, 100k, 1m`);
  const unit = match[2]!.toLowerCase();
  return Math.round(Number(match[1]) * (unit === 'm' ? 1e6 : unit === 'k' ? 1e3 : 1));
}

/** Nearest-rank percentile of sorted values (as bench/tm-peers.ts). */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

const ms = (v: number) => (v < 1 ? v.toFixed(3) : v < 100 ? v.toFixed(2) : v.toFixed(0));
const int = (v: number) => v.toLocaleString('en-US');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const seconds = (v: number) => `${(v / 1000).toFixed(1)} s`;

/** Heap and array buffers after GC (buffers are released a moment after the collection). */
async function memory(): Promise<{ heap: number; buffers: number; rss: number }> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 300));
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers, rss: m.rss };
}

const peakRss = () => process.resourceUsage().maxRSS * 1024;

function tokenLengths(units: TmUnit[]): string {
  const step = Math.max(1, Math.floor(units.length / 20_000));
  const lengths: number[] = [];
  for (let i = 0; i < units.length; i += step) lengths.push(tokenize(units[i]!.source).length);
  lengths.sort((a, b) => a - b);
  return [50, 90, 99].map((p) => percentile(lengths, p)).join('/');
}

interface SizeResult {
  size: number;
  data: TmBenchData;
  /** Our latency per query (wall, in query order, median of the runs) per threshold, and the
   * full-scan top 5 per query. */
  ours: Map<number, number[]>;
  expected: Map<number, TmHit[][]>;
}

async function benchSize(
  size: number,
  options: { queries: number; thresholds: number[]; runs: number; workers: number },
): Promise<SizeResult> {
  const { thresholds, runs } = options;
  let t0 = performance.now();
  const data = loadTmBenchData({ size, queries: options.queries });
  const dataMs = performance.now() - t0;
  const { units, queries } = data;
  const realCount = units.filter((u) => u.contextKey !== null).length;
  console.log(
    `\n== ${int(units.length)} units (${int(realCount)} real + ${int(units.length - realCount)} variants), ` +
      `${int(queries.length)} held-out queries; data ${seconds(dataMs)}`,
  );
  console.log(`   tokens per unit p50/p90/p99: ${tokenLengths(units)}`);

  // Build: what loading a memory from SQLite costs the engine.
  const before = await memory();
  t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const index = createTmIndex();
  for (const u of units) index.add(u);
  const addsMs = performance.now() - t0;
  index.prepare();
  const buildMs = performance.now() - t0;
  const buildCpu = process.cpuUsage(cpu0);
  const after = await memory();
  console.log(
    `   build ${seconds(buildMs)} (adds ${seconds(addsMs)}, lists ${seconds(buildMs - addsMs)}; ` +
      `CPU ${seconds((buildCpu.user + buildCpu.system) / 1000)}); index memory ` +
      `${mib(after.heap + after.buffers - before.heap - before.buffers)}; RSS ${mib(after.rss)}, ` +
      `peak RSS so far ${mib(peakRss())}`,
  );

  // Latency: warm up, then `runs` passes per threshold.
  const texts = queries.map((q) => q.text);
  const results = new Map<number, TmHit[][]>();
  const ours = new Map<number, number[]>();
  console.log(
    '   threshold  run      p50      p90      p99      max   cpu p50   cpu p99  with hit',
  );
  for (const t of thresholds) {
    for (const text of texts.slice(0, 300)) index.query({ text, threshold: t, limit: LIMIT });
    const byRun: number[][] = [];
    for (let run = 1; run <= runs; run++) {
      const wall: number[] = [];
      const cpu: number[] = [];
      const hits: TmHit[][] = [];
      for (const text of texts) {
        const c = process.cpuUsage();
        const s = performance.now();
        const found = index.query({ text, threshold: t, limit: LIMIT });
        wall.push(performance.now() - s);
        const used = process.cpuUsage(c);
        cpu.push((used.user + used.system) / 1000);
        hits.push(found);
      }
      results.set(t, hits);
      const inOrder = [...wall];
      wall.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      byRun.push(inOrder);
      console.log(
        `   ${String(t).padStart(9)}  ${String(run).padStart(3)}` +
          [50, 90, 99, 100].map((p) => ms(percentile(wall, p)).padStart(9)).join('') +
          [50, 99].map((p) => ms(percentile(cpu, p)).padStart(10)).join('') +
          String(hits.filter((h) => h.length > 0).length).padStart(10),
      );
    }
    // Per query, the median of the runs: one preemption on a shared machine does not count.
    ours.set(
      t,
      texts.map((_, q) => {
        const times = byRun.map((run) => run[q]!).sort((a, b) => a - b);
        return times[(times.length - 1) >> 1]!;
      }),
    );
  }

  // Recall against the full scan: every unit scored, no filter.
  t0 = performance.now();
  const all = await fullScanAll(units, texts, Math.min(...thresholds), options.workers);
  const expected = new Map<number, TmHit[][]>();
  for (const t of thresholds) {
    const top = all.map((hits) => hits.filter((h) => h.score >= t).slice(0, LIMIT));
    expected.set(t, top);
    const got = results.get(t)!;
    let found = 0;
    let total = 0;
    let identical = 0;
    top.forEach((want, q) => {
      const have = new Set(got[q]!.map((h) => `${h.id}:${h.score}`));
      total += want.length;
      found += want.filter((h) => have.has(`${h.id}:${h.score}`)).length;
      if (JSON.stringify(want) === JSON.stringify(got[q])) identical++;
    });
    const recall = total === 0 ? 100 : (100 * found) / total;
    console.log(
      `   recall at ${t}: ${recall.toFixed(2)}% (${int(found)}/${int(total)} full-scan hits; ` +
        `${int(identical)}/${int(top.length)} queries with the identical top ${LIMIT})`,
    );
  }
  console.log(`   (full scan: ${seconds(performance.now() - t0)} on ${options.workers} threads)`);
  return { size, data, ours, expected };
}

async function benchTmx(units: TmUnit[], query: string): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'wb-bench-tm-'));
  try {
    const path = join(folder, 'memory.tmx');
    const t0 = performance.now();
    await writeTmx(path, units);
    console.log(
      `\n== TMX import: ${int(units.length)} units, ${mib(statSync(path).size)} written in ` +
        `${seconds(performance.now() - t0)}; imported through a real server (bench/tm-import.ts)`,
    );
    const figures = await benchTmxImport(path, query);
    console.log(
      `   upload ${seconds(figures.uploadMs)}, parse and commit ${seconds(figures.processMs)}: ` +
        `${seconds(figures.totalMs)} until the memory has its ${int(figures.units)} units ` +
        `(target 30 s); peak RSS ${figures.peakRssMiB.toFixed(0)} MiB`,
    );
    console.log(
      `   first query ${ms(figures.firstQueryMs)} ms (the index loads in the background from ` +
        `the commit on), the next ${ms(figures.secondQueryMs)} ms (over HTTP)`,
    );
    const health = figures.healthDuringLoad;
    console.log(
      `   after a restart: the first query ${seconds(figures.restartQueryMs)} (loads the index ` +
        `from SQLite in slices); meanwhile ${health.count} GET /health answered, p50 ` +
        `${ms(health.p50Ms)} ms, slowest ${ms(health.maxMs)} ms`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function benchAgainstPeers(
  result: SizeResult,
  thresholds: number[],
  budgetSeconds: string,
): Promise<void> {
  // Bound the run: seconds of lookups per peer and threshold.
  const budget = Number(process.env.WB_TM_PEERS_BUDGET_S || budgetSeconds);
  const { units, queries } = result.data;
  console.log(
    `\n== peers on the same ${int(units.length)} units and ${int(queries.length)} queries ` +
      `(budget ${budget} s of lookups per peer and threshold)`,
  );
  const answers = await benchPeers(
    {
      units: units.map((u) => ({ source: u.source, target: u.target })),
      queries: queries.map((q) => q.text),
      thresholds,
      limit: LIMIT,
    },
    { budgetMs: budget * 1000 },
  );
  console.log(
    '   peer          threshold  queries      p50      p99  ours p50  ours p99  ratio p50  ratio p99' +
      '  full-scan hits missed',
  );
  for (const peer of answers) {
    for (const t of thresholds) {
      const b = peer.byThreshold[t];
      if (!b) continue;
      const count = b.hits.length;
      const theirs = [...b.latenciesMs].sort((a, c) => a - c);
      // Ours on the same queries (a peer may have run out of time before the last), per query the
      // median of our runs.
      const mine = result.ours
        .get(t)!
        .slice(0, count)
        .sort((a, c) => a - c);
      const expected = result.expected.get(t)!.slice(0, count);
      let missed = 0;
      let total = 0;
      expected.forEach((want, q) => {
        const got = new Set(b.hits[q]!.map((i) => units[i]!.id));
        total += want.length;
        missed += want.filter((h) => !got.has(h.id)).length;
      });
      console.log(
        `   ${peer.name.padEnd(13)} ${String(t).padStart(9)} ${String(count).padStart(8)}` +
          [50, 99].map((p) => ms(percentile(theirs, p)).padStart(9)).join('') +
          [50, 99].map((p) => ms(percentile(mine, p)).padStart(10)).join('') +
          [50, 99]
            .map((p) => `${(percentile(theirs, p) / percentile(mine, p)).toFixed(0)}x`.padStart(11))
            .join('') +
          `  ${int(missed)} of ${int(total)}`,
      );
    }
    for (const note of peer.notes ?? []) console.log(`     note: ${note}`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '30k,100k,1m' },
      queries: { type: 'string', default: '2000' },
      thresholds: { type: 'string', default: '50,70,75' },
      runs: { type: 'string', default: '3' },
      tmx: { type: 'string', default: '1m' },
      peers: { type: 'string', default: '1m' },
      'peer-budget': { type: 'string', default: '30' },
      workers: { type: 'string', default: '2' },
    },
  });
  const sizes = values.sizes.split(',').map(parseSize);
  const thresholds = values.thresholds.split(',').map(Number);
  const options = {
    queries: Number(values.queries),
    thresholds,
    runs: Number(values.runs),
    workers: Number(values.workers),
  };
  if (!Number.isInteger(options.queries) || options.queries < 1) throw new Error('bad --queries');
  if (!thresholds.every((t) => Number.isInteger(t) && t >= 1 && t <= 100)) {
    throw new Error('--thresholds: integers from 1 to 100');
  }
  const tmxSize = values.tmx === 'none' ? null : parseSize(values.tmx);
  const peerSize = values.peers === 'none' ? null : parseSize(values.peers);
  console.log(
    `TM engine benchmark: sizes ${sizes.map(int).join(', ')}, ${options.queries} queries, ` +
      `thresholds ${thresholds.join('/')}, top ${LIMIT}, ${options.runs} runs; latencies in ms`,
  );
  const started = performance.now();
  let kept: SizeResult | null = null;
  for (const size of sizes) {
    const result = await benchSize(size, options);
    if (size === tmxSize) await benchTmx(result.data.units, result.data.queries[0]!.text);
    if (size === peerSize) kept = result;
  }
  if (tmxSize !== null && !sizes.includes(tmxSize)) {
    const data = loadTmBenchData({ size: tmxSize, queries: options.queries });
    await benchTmx(data.units, data.queries[0]!.text);
  }
  if (peerSize !== null) {
    kept ??= await benchSize(peerSize, options);
    await benchAgainstPeers(kept, thresholds, values['peer-budget']);
  }
  console.log(`\ndone in ${seconds(performance.now() - started)}; peak RSS ${mib(peakRss())}`);
}

if (isMainThread) await main();
else serveFullScan();
