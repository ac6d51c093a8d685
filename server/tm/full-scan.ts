import { maxDistance } from './bounds';
import { contextMatches, emptyContextHash } from './context';
import { QueryPattern } from './pattern';
import { PenaltyScratch } from './penalty';
import { effectiveLimit, effectiveThreshold } from './score';
import type { TmHit, TmQuery, TmUnit } from './types';
import { F_VARIABLE, META, M_VALUES, UnitStore } from './unit-store';
import { SegmentEncoder, Vocabulary } from './vocab';

/** Unit lengths with a precomputed distance limit. */
const SHORT = 1024;

/** A full scan over units tokenized once, for repeated queries (tests, benchmark). */
export interface FullScanner {
  /** What `fullScan(units, q)` returns. */
  query(q: TmQuery): TmHit[];
  /** Every hit scoring at least `minScore` (1..101), best first. */
  hits(q: TmQuery, minScore: number): TmHit[];
}

/**
 * The definition of a lookup, with no filter at all: every unit is scored (score.ts), context
 * upgrades an exact match to 101, the hits reaching the threshold are sorted by score and then
 * by id, newest first, and the first `limit` returned. The distance is computed with Myers, which
 * tests check against the plain dynamic programming of `scoreUnit`; the context with the strings
 * themselves.
 */
export function prepareFullScan(units: Iterable<TmUnit>): FullScanner {
  const vocab = new Vocabulary();
  const encoder = new SegmentEncoder(vocab);
  const store = new UnitStore(false);
  const context = emptyContextHash();
  const kept: TmUnit[] = [];
  for (const unit of units) {
    encoder.encode(unit.source, true);
    // Slots are positions in `kept`.
    store.append(kept.length, encoder, context);
    kept.push(unit);
  }
  const queryEncoder = new SegmentEncoder(vocab);
  const pattern = new QueryPattern();
  const penalty = new PenaltyScratch();
  const distances = new Int32Array(kept.length);
  const allowed = new Int32Array(SHORT + 1);

  const hits = (q: TmQuery, minScore: number): TmHit[] => {
    queryEncoder.encode(q.text, false);
    const n = queryEncoder.length;
    const found: TmHit[] = [];
    if (n === 0) return found;
    pattern.set(queryEncoder.classes, n, vocab.classCount);
    pattern.distanceAll(store.classes, store.meta, kept.length, distances);
    // A base score below this cannot reach minScore (101 needs a base of 100), and penalties only
    // lower a score: skip by distance alone (base >= t <=> d <= maxDistance, bounds.ts 1).
    const minBase = minScore > 100 ? 100 : minScore;
    for (let m = 1; m <= SHORT; m++) allowed[m] = maxDistance(n > m ? n : m, minBase);
    for (let slot = 0; slot < kept.length; slot++) {
      const m = store.length(slot);
      if (m === 0) continue;
      const d = distances[slot]!;
      if (d > (m <= SHORT ? allowed[m]! : maxDistance(n > m ? n : m, minBase))) continue;
      const from = store.start(slot);
      const l = n > m ? n : m;
      let score = Math.floor((100 * (l - d)) / l);
      if (queryEncoder.hasVariable && store.flags(slot) & F_VARIABLE) {
        const p = penalty.penalty(
          queryEncoder.classes,
          queryEncoder.values,
          n,
          store.classes,
          from,
          store.values,
          store.meta[slot * META + M_VALUES]!,
          m,
        );
        score = Math.max(0, score - p);
      }
      const unit = kept[slot]!;
      if (score === 100 && contextMatches(q, unit)) score = 101;
      if (score >= minScore) found.push({ id: unit.id, score });
    }
    return found.sort((a, b) => b.score - a.score || b.id - a.id);
  };

  return {
    hits,
    query: (q) => hits(q, effectiveThreshold(q.threshold)).slice(0, effectiveLimit(q.limit)),
  };
}

/** The reference lookup: `prepareFullScan(units).query(q)`. */
export function fullScan(units: Iterable<TmUnit>, q: TmQuery): TmHit[] {
  return prepareFullScan(units).query(q);
}
