import { maxDistance, maxUnitLength, minOverlap, minUnitLength } from './bounds';
import { S_BOUND, STATE, type CandidateGatherer, type QueryStats } from './candidates';
import type { ContextHash } from './context';
import type { QueryPattern } from './pattern';
import { PenaltyScratch } from './penalty';
import type { TopK } from './top-k';
import {
  F_VARIABLE,
  META,
  M_FLAGS,
  M_LENGTH,
  M_START,
  M_VALUES,
  type UnitStore,
} from './unit-store';
import { unitContextMatches } from './unit-context-match';
import type { SegmentEncoder } from './vocab';

/**
 * Verification and scoring, steps 4-5 of a query (query-engine.ts): the gathered candidates,
 * best bound first, pass the exact overlap count, then Myers' distance; the score (less the
 * penalty for differing variables, 101 for an exact match in the same context) goes into the
 * top-k heap, and once the heap is full its weakest score raises the bar.
 */
export class CandidateVerifier {
  private readonly penalty = new PenaltyScratch();
  private ordered = new Int32Array(1024);
  private histogram = new Int32Array(64);

  constructor(
    private readonly store: UnitStore,
    private readonly gatherer: CandidateGatherer,
    private readonly encoder: SegmentEncoder,
    private readonly pattern: QueryPattern,
    private readonly context: ContextHash,
    private readonly top: TopK,
    private readonly stats: QueryStats,
  ) {}

  /** Counts and verifies the first `count` candidates of phase t for an n-token query. */
  verify(n: number, count: number, t: number, acceptMin: number): void {
    if (count === 0) return;
    const ordered = this.orderByBound(n, count);
    const encoder = this.encoder;
    const pattern = this.pattern;
    const store = this.store;
    const meta = store.meta;
    const classes = store.classes;
    const state = this.gatherer.state;
    const top = this.top;
    const stats = this.stats;
    let bar = t;
    let barLo = minUnitLength(n, t);
    let barHi = maxUnitLength(n, t);
    for (let c = 0; c < count; c++) {
      const slot = ordered[c]!;
      const at = slot * META;
      const m = meta[at + M_LENGTH]!;
      if (m < barLo || m > barHi) continue;
      const l = n > m ? n : m;
      const need = minOverlap(l, bar);
      if (state[slot * STATE + S_BOUND]! < need) continue;
      const from = meta[at + M_START]!;
      // The exact count filter, then the distance.
      if (pattern.overlap(classes, from, from + m, need) < need) continue;
      stats.verified++;
      const d = pattern.distance(classes, from, from + m);
      if (d > maxDistance(l, bar)) continue;
      let score = Math.floor((100 * (l - d)) / l);
      const flags = meta[at + M_FLAGS]!;
      if (encoder.hasVariable && flags & F_VARIABLE) {
        score -= this.penalty.penalty(
          encoder.classes,
          encoder.values,
          n,
          classes,
          from,
          store.values,
          meta[at + M_VALUES]!,
          m,
        );
      }
      if (score === 100 && unitContextMatches(this.context, store.context, slot, flags)) {
        score = 101;
      }
      if (score < acceptMin) continue;
      top.offer(score, store.ids[slot]!);
      if (top.isFull && top.bar > bar && bar < 100) {
        bar = top.bar > 100 ? 100 : top.bar;
        barLo = minUnitLength(n, bar);
        barHi = maxUnitLength(n, bar);
      }
    }
  }

  /** Candidates by descending bound (a counting sort: bounds never exceed n). */
  private orderByBound(n: number, count: number): Int32Array {
    const candidates = this.gatherer.candidates;
    if (this.histogram.length < n + 2) this.histogram = new Int32Array(n * 2 + 2);
    if (this.ordered.length < count) this.ordered = new Int32Array(candidates.length);
    const histogram = this.histogram;
    histogram.fill(0, 0, n + 2);
    const state = this.gatherer.state;
    for (let c = 0; c < count; c++) histogram[n - state[candidates[c]! * STATE + S_BOUND]! + 1]!++;
    for (let b = 1; b < n + 2; b++) histogram[b]! += histogram[b - 1]!;
    const ordered = this.ordered;
    for (let c = 0; c < count; c++) {
      const slot = candidates[c]!;
      ordered[histogram[n - state[slot * STATE + S_BOUND]!]!++] = slot;
    }
    return ordered;
  }
}
