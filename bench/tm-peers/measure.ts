/** The timed part of the peers benchmark: a peer's load, then its lookups per threshold. */
import { fmtMs, limits, ms, type Log } from './common';
import type { PeerInput, PeerResult, Runner } from './types';

/** Loads the units into the peer; returns the time it took. */
export async function setUp(
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

/**
 * Per threshold: warm-up lookups, then the queries one at a time until the budget runs out, with
 * notes on what was cut short or failed.
 */
export async function measure(
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

export function summarize(latencies: number[]): {
  p50: number;
  p90: number;
  p99: number;
  mean: number;
} {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    mean,
  };
}
