/**
 * The translation-memory benchmark's peers: PostgreSQL with pg_trgm (queried the way Weblate
 * queries its memory) and translate-toolkit's tmserver, run on the same units and queries as our
 * engine. `bench/tm.ts` calls `benchPeers`; see bench/tm-peers/pg-trgm.ts and
 * bench/tm-peers/tmserver.ts for how each peer is started, loaded and queried, measure.ts for the
 * timed lookups, smoke-data.ts and report.ts for the stand-alone run.
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
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Cleanup, fmtMs, limits, ms, type Log } from './tm-peers/common';
import { measure, setUp } from './tm-peers/measure';
import { PgTrgmPeer } from './tm-peers/pg-trgm';
import { printReport } from './tm-peers/report';
import { loadSmokeData } from './tm-peers/smoke-data';
import { TmserverPeer, checkTmserver } from './tm-peers/tmserver';
import type { PeerInput, PeerName, PeerResult } from './tm-peers/types';

export type { PeerInput, PeerResult } from './tm-peers/types';
export { percentile } from './tm-peers/measure';

/** Runs each requested peer on the same units and queries, in turn; all servers stop after. */
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
  printReport(results, input.thresholds);
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
