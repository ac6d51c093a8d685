/** The stand-alone smoke test's report: latency percentiles and hits per peer and threshold. */
import { fmtMs } from './common';
import { summarize } from './measure';
import type { PeerResult } from './types';

/** Prints one row per peer and threshold, then each peer's setup time and notes. */
export function printReport(results: PeerResult[], thresholds: number[]): void {
  console.log('');
  console.log(
    'peer            threshold  queries      p50      p90      p99     mean  with hit  hits',
  );
  for (const r of results) {
    for (const t of thresholds) {
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
}
