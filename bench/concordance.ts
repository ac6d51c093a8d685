/**
 * `npx tsx bench/concordance.ts [--size 1m] [--queries 1000] [--http-size 1m] [--http-queries 200]`
 * (a size of 0 leaves that part out):
 * concordance search at 1M units (issue 14; goal p99 < 20 ms).
 *
 * - Engine: a memory of `--size` units (bench/tm-data.ts: the real LibreOffice help en-es pairs,
 *   grown by seeded variation) is added to a concordance index (server/tm/concordance-index.ts),
 *   then `--queries` searches of 1 to 3 consecutive words run through `search`: half drawn from
 *   a random unit at a random word (frequent words come up as often as the corpus has them),
 *   half starting from a word drawn uniformly from the vocabulary (mostly rare), a third of
 *   them on the target and a sixth on both sides. Printed: p50/p95/p99/max, the hits and how many
 *   answers were capped, and the p99 / goal ratio; then half the units are removed and the
 *   compaction that follows timed a step at a time.
 * - HTTP: the same memory written into a real server's SQLite file (bench/seed-memory.ts), the
 *   server started in its own process, its fuzzy index loaded by a `GET /v2/memories/query`
 *   (timed: what every memory pays), then the first concordance search, which builds the
 *   concordance index (timed until it answers 200, asking again after each 503 as the renderer
 *   does; `/health` is asked every 10 ms meanwhile, its slowest answer printed: how long the
 *   build held the server), then `--http-queries` searches through
 *   `GET /v2/memories/concordance` (rows read and ranges computed included). Printed the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ConcordanceResponse, ConcordanceSide } from '../shared/api/concordance';
import { COMPACT_STEP, ConcordanceIndex } from '../server/tm/concordance-index';
import { textWords } from '../server/tm/concordance-words';
import type { TmUnit } from '../server/tm';
import { seedMemory } from './seed-memory';
import { startServerProcess, stopServerProcess } from './server-process';
import { callApi } from './tm-import';
import { seededRandom } from '../shared/seeded-random';
import { loadTmBenchData } from './tm-data';

const GOAL_P99_MS = 20;
const KEY = 'wb_bench_concordance_key_0123456789';

interface Ask {
  q: string;
  in: ConcordanceSide;
}

/** 1 to 3 words from the corpus: see the module comment. */
function drawAsks(units: readonly TmUnit[], count: number): Ask[] {
  const random = seededRandom(7);
  const vocabulary = new Map<string, [number, number]>();
  const wordsOf = (unit: TmUnit, side: 'source' | 'target') =>
    textWords(unit[side]).map((word) => unit[side].slice(word.start, word.end));
  for (let k = 0; k < 20_000; k++) {
    const at = Math.floor(random() * units.length);
    wordsOf(units[at]!, 'source').forEach((word, i) => vocabulary.set(word, [at, i]));
  }
  const places = [...vocabulary.values()];
  const asks: Ask[] = [];
  while (asks.length < count) {
    const side: ConcordanceSide =
      asks.length % 3 === 1 ? 'target' : asks.length % 6 === 2 ? 'both' : 'source';
    const wordSide = side === 'target' ? 'target' : 'source';
    let unit: number;
    let first: number;
    if (asks.length % 2 === 0 || wordSide === 'target') {
      unit = Math.floor(random() * units.length);
      first = -1;
    } else {
      [unit, first] = places[Math.floor(random() * places.length)]!;
    }
    const words = wordsOf(units[unit]!, wordSide);
    if (words.length === 0) continue;
    const length = 1 + Math.floor(random() * 3);
    const start = first >= 0 ? first : Math.floor(random() * words.length);
    asks.push({ q: words.slice(start, start + length).join(' '), in: side });
  }
  return asks;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(
  label: string,
  units: number,
  timesMs: number[],
  hits: number,
  capped: number,
): void {
  const sorted = [...timesMs].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  console.log(
    `${label}: ${sorted.length} searches, p50 ${percentile(sorted, 50).toFixed(2)} ms, ` +
      `p95 ${percentile(sorted, 95).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, ` +
      `max ${sorted[sorted.length - 1]!.toFixed(2)} ms; ${(hits / sorted.length).toFixed(1)} ` +
      `hits per search, ${capped} capped`,
  );
  console.log(
    `  concordance at ${units.toLocaleString('en')} units: p99 ${p99.toFixed(2)} ms, goal < ${GOAL_P99_MS} ms, ` +
      `ratio p99 / goal ${(p99 / GOAL_P99_MS).toFixed(3)}`,
  );
}

function benchEngine(units: readonly TmUnit[], asks: readonly Ask[]): void {
  const started = performance.now();
  const index = new ConcordanceIndex();
  index.reserve(units.length);
  for (const unit of units) index.add(unit.id, unit.source, unit.target);
  const loadMs = performance.now() - started;
  const mib = index.bytes / 2 ** 20;
  console.log(
    `Engine: ${units.length.toLocaleString('en')} units indexed in ${(loadMs / 1000).toFixed(1)} s ` +
      `(${((loadMs * 1000) / units.length).toFixed(1)} µs a unit), ${mib.toFixed(0)} MiB in ` +
      'typed arrays (source and target; the word keys aside)',
  );
  // A warm-up pass: the figure is the steady state, not the JIT's first calls.
  for (const ask of asks.slice(0, 100)) index.search({ text: ask.q, in: ask.in, limit: 20 });
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let hits = 0;
  let capped = 0;
  for (const ask of asks) {
    const t0 = performance.now();
    const cpu = process.cpuUsage();
    const result = index.search({ text: ask.q, in: ask.in, limit: 20 });
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - t0);
    cpuTimes.push((used.user + used.system) / 1000);
    hits += result.hits.length;
    if (result.capped) capped++;
  }
  report('Engine (ConcordanceIndex.search, n=20), wall time', units.length, times, hits, capped);
  // On a machine shared by many processes the wall time also holds waits for a core.
  report(
    'Engine, CPU time of the process during each search',
    units.length,
    cpuTimes,
    hits,
    capped,
  );
  // The slowest, timed again: a search slow each time, or a pause of the process (GC, the CPU).
  const slowest = times
    .map((ms, k) => ({ ms, ask: asks[k]! }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  for (const { ms, ask } of slowest) {
    const again: number[] = [];
    let scanned = 0;
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      scanned = index.search({ text: ask.q, in: ask.in, limit: 20 }).scanned;
      again.push(performance.now() - t0);
    }
    console.log(
      `  slow: ${JSON.stringify(ask.q)} in ${ask.in}: ${ms.toFixed(2)} ms, again ` +
        `${Math.min(...again).toFixed(2)} ms at best, ${scanned} candidates`,
    );
  }
  benchCompaction(index, units);
}

/**
 * A compaction (dead slots outnumbering live ones): the units removed one more than half, then
 * units added until it is over, each add timed (it copies `COMPACT_STEP` slots, then adds).
 */
function benchCompaction(index: ConcordanceIndex, units: readonly TmUnit[]): void {
  for (const unit of units.slice(0, Math.floor(units.length / 2) + 1)) index.remove(unit.id);
  if (!index.isCompacting) return void console.log('  compaction: not started (too few units)');
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let id = units.length + 1;
  while (index.isCompacting) {
    const t0 = performance.now();
    const cpu = process.cpuUsage();
    index.add(id++, 'compaction step', 'paso de compactación');
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - t0);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  // CPU time too: on a busy machine the wall time of a step holds waits for a core.
  const line = (label: string, sorted: number[]) =>
    `${label} p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ` +
    `ms, longest ${sorted[sorted.length - 1]!.toFixed(2)} ms`;
  console.log(
    `  compaction of ${index.size.toLocaleString('en')} live units: ${times.length} adds of ` +
      `${COMPACT_STEP} slots copied each; ${line(
        'wall',
        times.sort((a, b) => a - b),
      )}; ` +
      line(
        'CPU',
        cpuTimes.sort((a, b) => a - b),
      ),
  );
}

/**
 * The first concordance search of a memory, which builds its index: asked again after each 503
 * (its Retry-After, as the renderer does) until it answers; `/health` is asked every 10 ms
 * meanwhile. Prints the build time, the 503s and the slowest `/health`.
 */
async function firstSearch(base: string, memoryId: number, ask: Ask): Promise<void> {
  let isBuilding = true;
  let slowestHealthMs = 0;
  const pings = (async () => {
    while (isBuilding) {
      const t0 = performance.now();
      await fetch(`${base}/health`);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const t0 = performance.now();
  const path = `/v2/memories/concordance?id=${memoryId}&n=20&in=${ask.in}&q=${encodeURIComponent(ask.q)}`;
  let refusals = 0;
  let lastMessage = '';
  for (;;) {
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
    if (response.status !== 503) {
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.json();
      break;
    }
    refusals++;
    lastMessage = ((await response.json()) as { message: string }).message;
    const retryAfter = Number(response.headers.get('retry-after') ?? '2');
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
  const buildMs = performance.now() - t0;
  isBuilding = false;
  await pings;
  console.log(
    `  first concordance search (builds its index) answered after ${(buildMs / 1000).toFixed(1)} s ` +
      `(${refusals} answers 503, the last: "${lastMessage}"); slowest /health meanwhile ` +
      `${slowestHealthMs.toFixed(0)} ms`,
  );
}

async function benchHttp(units: TmUnit[], asks: readonly Ask[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wordbench-bench-concordance-'));
  try {
    const t0 = performance.now();
    const memoryId = await seedMemory(dataDir, KEY, units);
    console.log(
      `HTTP: ${units.length.toLocaleString('en')} units written in ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const server = await startServerProcess(dataDir, KEY);
    try {
      const search = (ask: Ask) =>
        callApi<ConcordanceResponse>(
          server.url,
          KEY,
          `/v2/memories/concordance?id=${memoryId}&n=20&in=${ask.in}&q=${encodeURIComponent(ask.q)}`,
        );
      const t1 = performance.now();
      await callApi(server.url, KEY, `/v2/memories/query?id=${memoryId}&query=bench`);
      console.log(
        `  fuzzy index loaded by a first lookup in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
      );
      await firstSearch(server.url, memoryId, asks[0]!);
      for (const ask of asks.slice(0, 20)) await search(ask);
      const times: number[] = [];
      let hits = 0;
      let capped = 0;
      for (const ask of asks) {
        const started = performance.now();
        const answer = await search(ask);
        times.push(performance.now() - started);
        hits += answer.hits.length;
        if (answer.capped) capped++;
      }
      report('HTTP (GET /v2/memories/concordance, n=20)', units.length, times, hits, capped);
    } finally {
      await stopServerProcess(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function parseSize(text: string): number {
  const match = /^(\d+)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`not a size: ${text}`);
  const unit = match[2]!.toLowerCase();
  return Number(match[1]) * (unit === 'm' ? 1_000_000 : unit === 'k' ? 1_000 : 1);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '1m' },
      queries: { type: 'string', default: '1000' },
      'http-size': { type: 'string', default: '1m' },
      'http-queries': { type: 'string', default: '200' },
    },
  });
  const size = parseSize(values.size);
  const httpSize = parseSize(values['http-size']);
  const data = loadTmBenchData({ size: Math.max(size, httpSize), queries: 1 });
  if (size > 0) {
    benchEngine(
      data.units.slice(0, size),
      drawAsks(data.units.slice(0, size), Number(values.queries)),
    );
  }
  if (httpSize > 0) {
    const httpAsks = drawAsks(data.units.slice(0, httpSize), Number(values['http-queries']));
    await benchHttp(data.units.slice(0, httpSize), httpAsks);
  }
}

await main();
