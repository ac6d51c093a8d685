/**
 * The translation-memory benchmark's peers: PostgreSQL with pg_trgm (queried the way Weblate
 * queries its memory) and translate-toolkit's tmserver, run on the same units and queries as our
 * engine. `bench/tm.ts` calls `benchPeers`; see bench/tm-peers/pg-trgm.ts and
 * bench/tm-peers/tmserver.ts for how each peer is started, loaded and queried.
 *
 * What a latency is: the wall time, measured in this Node process, of one lookup's round trip on
 * a connection opened beforehand (no process or connection start-up): for pg_trgm every
 * statement of the lookup over one TCP connection to 127.0.0.1; for tmserver one HTTP GET on a
 * keep-alive connection to 127.0.0.1. Lookups run one at a time, after a few untimed warm-up
 * lookups (unit sources, not the measured queries).
 *
 * Bounds (environment): WB_TM_PEERS_BUDGET_S (default 300) seconds of lookups per peer and
 * threshold, after which the remaining queries are not run: `latenciesMs` and `hits` then cover
 * the first `hits.length` queries only, and a note says so. WB_TM_PEERS_QUERY_TIMEOUT_S (30) per
 * lookup (a timed-out or failed lookup counts with the time it took and no hits, and is noted);
 * WB_TM_PEERS_SETUP_TIMEOUT_S (3600) for a load or index build; WB_TM_PEERS_WARMUP (20) warm-up
 * lookups; WB_TM_PEERS_MAX_RUN_S (10800) for the stand-alone run as a whole.
 *
 * Variants (environment): WB_TM_PG_MODE=single queries pg_trgm with one set_limit(T / 100) query
 * instead of Weblate's threshold mapping and back-off, WB_TM_PG_MODE=both returns both (the second
 * as `pg_trgm-single`, same cluster); WB_TM_PG_SEQSCAN=1 leaves PostgreSQL's planner free to pick
 * a sequential scan; WB_TM_TMSERVER_ANALYZE=0 skips the SQLite ANALYZE of tmserver's database.
 *
 * Every server and temporary folder is removed at the end, also on an error, Ctrl+C or SIGTERM.
 *
 * Smoke test on its own: `npx tsx bench/tm-peers.ts [--units 30000] [--queries 500]
 * [--thresholds 50,70,75] [--limit 5] [--peers pg_trgm,tmserver] [--data FILE] [--seed 1]`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Cleanup, fmtMs, limits, ms, type Log } from './tm-peers/common';
import { PgTrgmPeer } from './tm-peers/pg-trgm';
import { TmserverPeer, checkTmserver } from './tm-peers/tmserver';

export interface PeerInput {
  units: { source: string; target: string }[];
  queries: string[];
  thresholds: number[] /* percentages, e.g. 50, 70, 75 */;
  limit: number;
}
export interface PeerResult {
  name: string;
  setupMs: number;
  byThreshold: Record<
    number,
    {
      latenciesMs: number[];
      hits: number[][] /* per query: indexes into units of what the peer returned, best first */;
    }
  >;
  notes: string[];
}

type PeerName = 'pg_trgm' | 'tmserver';

interface Runner {
  readonly notes: string[];
  setup(units: PeerInput['units']): Promise<void>;
  prepareThreshold(threshold: number, limit: number): Promise<void>;
  lookup(
    text: string,
    threshold: number,
    limit: number,
  ): Promise<{ hits: number[]; ms: number; rounds: number }>;
  endThreshold(threshold: number): Promise<void>;
  close(): Promise<void>;
}

export async function benchPeers(
  input: PeerInput,
  options?: {
    peers?: Array<'pg_trgm' | 'tmserver'>;
    log?: (line: string) => void;
    /** Lookup time per peer and threshold; default WB_TM_PEERS_BUDGET_S. */
    budgetMs?: number;
  },
): Promise<PeerResult[]> {
  const budgetMs = options?.budgetMs ?? limits.budgetMs;
  const peers: PeerName[] = options?.peers ?? ['pg_trgm', 'tmserver'];
  const log: Log = options?.log ?? ((line) => console.log(line));
  validate(input);

  // Fail before any long setup if a requested peer is not installed.
  for (const peer of peers) {
    if (peer === 'pg_trgm') PgTrgmPeer.check();
    else if (peer === 'tmserver') await checkTmserver();
    else throw new Error(`unknown peer ${String(peer)}`);
  }

  const cleanup = new Cleanup();
  cleanup.attach();
  const results: PeerResult[] = [];
  try {
    for (const peer of peers) {
      if (peer === 'pg_trgm') {
        const modes = PgTrgmPeer.modes();
        const runner = new PgTrgmPeer(cleanup, log);
        try {
          const setupMs = await setUp(peer, runner, input.units, log);
          for (const mode of modes) {
            runner.mode = mode;
            const name = mode === 'weblate' ? 'pg_trgm' : `pg_trgm-${mode}`;
            const notes = [...runner.notes, ...runner.modeNotes(input.queries, input.thresholds)];
            results.push(await measure(name, runner, input, { setupMs, budgetMs }, notes, log));
          }
        } finally {
          await runner.close();
        }
      } else {
        const runner = new TmserverPeer(cleanup, log);
        try {
          const setupMs = await setUp(peer, runner, input.units, log);
          const result = await measure(
            peer,
            runner,
            input,
            { setupMs, budgetMs },
            [...runner.notes],
            log,
          );
          result.notes.push(...runner.mappingNotes());
          results.push(result);
        } finally {
          await runner.close();
        }
      }
    }
  } finally {
    cleanup.runAll();
    cleanup.detach();
  }
  return results;
}

async function setUp(
  name: string,
  runner: Runner,
  units: PeerInput['units'],
  log: Log,
): Promise<number> {
  log(`${name}: loading ${units.length} units`);
  const t0 = process.hrtime.bigint();
  await runner.setup(units);
  return ms(t0);
}

function validate(input: PeerInput): void {
  if (!Array.isArray(input.units) || input.units.length === 0) {
    throw new Error('benchPeers: no units');
  }
  if (!Array.isArray(input.queries) || input.queries.length === 0) {
    throw new Error('benchPeers: no queries');
  }
  if (!Number.isInteger(input.limit) || input.limit < 1) {
    throw new Error('benchPeers: limit must be a positive integer');
  }
  for (const t of input.thresholds) {
    if (!Number.isInteger(t) || t < 1 || t > 100) {
      throw new Error(`benchPeers: threshold ${t} must be an integer percentage from 1 to 100`);
    }
  }
}

async function measure(
  name: string,
  runner: Runner,
  input: PeerInput,
  { setupMs, budgetMs }: { setupMs: number; budgetMs: number },
  notes: string[],
  log: Log,
): Promise<PeerResult> {
  const { units, queries, thresholds, limit } = input;
  const byThreshold: PeerResult['byThreshold'] = {};

  // Warm-up texts: unit sources spread over the memory, not the measured queries.
  const warmup: string[] = [];
  const step = Math.max(1, Math.floor(units.length / Math.max(1, limits.warmup)));
  for (let i = 0; i < units.length && warmup.length < limits.warmup; i += step) {
    if (units[i]!.source) warmup.push(units[i]!.source);
  }

  for (const threshold of thresholds) {
    await runner.prepareThreshold(threshold, limit);
    for (const text of warmup) {
      try {
        await runner.lookup(text, threshold, limit);
      } catch {
        // warm-up only
      }
    }
    const latenciesMs: number[] = [];
    const hits: number[][] = [];
    let errors = 0;
    let firstError = '';
    let rounds = 0;
    const started = Date.now();
    let lastLog = started;
    for (const query of queries) {
      if (Date.now() - started > budgetMs) break;
      try {
        const r = await runner.lookup(query, threshold, limit);
        latenciesMs.push(r.ms);
        hits.push(r.hits.slice(0, limit));
        rounds += r.rounds;
      } catch (e) {
        errors++;
        firstError ||= `${e instanceof Error ? e.message : String(e)} (query "${query.slice(0, 60)}")`;
        const elapsed = (e as { elapsedMs?: number }).elapsedMs;
        latenciesMs.push(typeof elapsed === 'number' ? elapsed : 0);
        hits.push([]);
      }
      if (Date.now() - lastLog > 30_000) {
        lastLog = Date.now();
        log(`${name} @${threshold}: ${hits.length}/${queries.length} queries`);
      }
    }
    await runner.endThreshold(threshold);
    byThreshold[threshold] = { latenciesMs, hits };
    if (hits.length < queries.length) {
      notes.push(
        `threshold ${threshold}: budget of ${budgetMs / 1000} s ran out after ${hits.length} of ${queries.length} queries; latenciesMs and hits cover the first ${hits.length}`,
      );
    }
    if (errors) {
      notes.push(
        `threshold ${threshold}: ${errors} lookups failed (counted with their time and no hits), first: ${firstError}`,
      );
    }
    if (name === 'pg_trgm') {
      notes.push(
        `threshold ${threshold}: ${(rounds / Math.max(1, hits.length - errors)).toFixed(2)} queries per lookup on average`,
      );
    }
    const s = summarize(latenciesMs);
    log(
      `${name} @${threshold}: ${hits.length} queries in ${fmtMs(Date.now() - started)}, p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}, ` +
        `${hits.filter((h) => h.length).length} with a hit, ${errors} errors`,
    );
  }
  return { name, setupMs, byThreshold, notes };
}

/** Nearest-rank percentiles. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

function summarize(latencies: number[]): { p50: number; p90: number; p99: number; mean: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean,
  };
}

// ---------------------------------------------------------------------------------------------
// Stand-alone smoke test.

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Units and held-out queries from the LibreOffice help TSV (path, id, English, Spanish): unique
 * pairs, shuffled with the seed; `queries` distinct sources are held out (no unit has the same
 * source) and the rest are the units. Asking for more units than there are gives seeded
 * variations of real units (one word replaced, two adjacent words swapped or a number added):
 * for costing a larger run only; the benchmark's own 1M set comes from bench/tm-data.ts.
 */
function loadSmokeData(
  file: string,
  nUnits: number,
  nQueries: number,
  seed: number,
): PeerInput & { synthetic: number } {
  const random = rng(seed);
  const seen = new Set<string>();
  const pairs: { source: string; target: string }[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const cols = line.split('\t');
    const source = cols[2]?.trim();
    const target = cols[3]?.trim();
    if (!source || !target) continue;
    const key = `${source}\t${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ source, target });
  }
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  const held = new Set<string>();
  const queries: string[] = [];
  for (const p of pairs) {
    if (queries.length >= nQueries) break;
    if (held.has(p.source) || p.source.split(/\s+/).length < 2) continue;
    held.add(p.source);
    queries.push(p.source);
  }
  const real = pairs.filter((p) => !held.has(p.source));
  const units = real.slice(0, nUnits);
  const vocab = real.flatMap((p) => p.source.split(/\s+/)).filter((w) => /^[a-z]{3,}$/.test(w));
  let synthetic = 0;
  while (units.length < nUnits) {
    const base = real[Math.floor(random() * real.length)]!;
    const words = base.source.split(' ');
    const op = Math.floor(random() * 3);
    const at = Math.floor(random() * words.length);
    if (op === 0) words[at] = vocab[Math.floor(random() * vocab.length)] ?? words[at]!;
    else if (op === 1 && words.length > 1) {
      const k = Math.min(at, words.length - 2);
      [words[k], words[k + 1]] = [words[k + 1]!, words[k]!];
    } else words.splice(at, 0, String(1 + Math.floor(random() * 99)));
    units.push({ source: words.join(' '), target: base.target });
    synthetic++;
  }
  return { units, queries, thresholds: [], limit: 0, synthetic };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      units: { type: 'string', default: '30000' },
      queries: { type: 'string', default: '500' },
      thresholds: { type: 'string', default: '50,70,75' },
      limit: { type: 'string', default: '5' },
      peers: { type: 'string', default: 'pg_trgm,tmserver' },
      data: {
        type: 'string',
        default: fileURLToPath(new URL('../../shared/data/lohelp-7.4.en-es.tsv', import.meta.url)),
      },
      seed: { type: 'string', default: '1' },
    },
  });
  const nUnits = Number(values.units);
  const nQueries = Number(values.queries);
  if (!Number.isInteger(nUnits) || nUnits < 1 || nUnits > 2_000_000) {
    throw new Error('--units must be an integer from 1 to 2000000');
  }
  if (!Number.isInteger(nQueries) || nQueries < 1 || nQueries > 100_000) {
    throw new Error('--queries must be an integer from 1 to 100000');
  }
  const peers = values.peers.split(',').map((p) => p.trim()) as PeerName[];
  const data = loadSmokeData(values.data, nUnits, nQueries, Number(values.seed));
  const input: PeerInput = {
    units: data.units,
    queries: data.queries,
    thresholds: values.thresholds.split(',').map(Number),
    limit: Number(values.limit),
  };
  console.log(
    `${input.units.length} units (${data.synthetic} synthetic variations), ${input.queries.length} held-out queries, ` +
      `thresholds ${input.thresholds.join('/')}, limit ${input.limit}, peers ${peers.join(', ')}`,
  );
  const started = process.hrtime.bigint();
  const results = await benchPeers(input, { peers });
  console.log('');
  console.log(
    'peer            threshold  queries      p50      p90      p99     mean  with hit  hits',
  );
  for (const r of results) {
    for (const t of input.thresholds) {
      const b = r.byThreshold[t];
      if (!b) continue;
      const s = summarize(b.latenciesMs);
      const withHit = b.hits.filter((h) => h.length).length;
      const total = b.hits.reduce((a, h) => a + h.length, 0);
      console.log(
        [
          r.name.padEnd(15),
          String(t).padStart(9),
          String(b.hits.length).padStart(8),
          fmtMs(s.p50).padStart(8),
          fmtMs(s.p90).padStart(8),
          fmtMs(s.p99).padStart(8),
          fmtMs(s.mean).padStart(8),
          String(withHit).padStart(9),
          String(total).padStart(5),
        ].join(' '),
      );
    }
  }
  console.log('');
  for (const r of results) {
    console.log(`${r.name}: setup ${fmtMs(r.setupMs)}`);
    for (const n of r.notes) console.log(`  - ${n}`);
  }
  console.log(`\ntotal ${fmtMs(ms(started))}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // A hard ceiling for the smoke test, whatever happens.
  const ceiling = setTimeout(
    () => {
      console.error('tm-peers: maximum run time reached, stopping');
      process.exit(2);
    },
    Number(process.env.WB_TM_PEERS_MAX_RUN_S ?? 3 * 3600) * 1000,
  );
  ceiling.unref();
  main().then(
    () => clearTimeout(ceiling),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exitCode = 1;
    },
  );
}
