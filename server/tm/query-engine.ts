import { maxDistance, maxUnitLength, minOverlap, minUnitLength, prefixLength } from './bounds';
import { emptyContextHash, hashQueryContext } from './context';
import { QueryPattern } from './pattern';
import { PenaltyScratch } from './penalty';
import {
  DELTA_ENTRY,
  DELTA_MASK,
  DELTA_SHIFT,
  ENTRY,
  E_INFO,
  E_NEXT,
  E_SIGNATURE,
  E_SLOT,
  LOW_ENTRY,
  lastTier,
  SIGNED_TIERS,
  type PostingLists,
} from './postings';
import { UNKNOWN_RANK, type Ranking } from './ranking';
import { effectiveLimit, effectiveThreshold } from './score';
import { SIGNATURE_WORDS, fillSignatureTable, signatureBound } from './signature';
import { TopK } from './top-k';
import type { TmHit, TmQuery } from './types';
import {
  F_KEY,
  F_NEIGHBOURS,
  F_VARIABLE,
  META,
  M_FLAGS,
  M_LENGTH,
  M_START,
  M_VALUES,
  type UnitStore,
} from './unit-store';
import { SegmentEncoder, UNKNOWN_CLASS, type Vocabulary } from './vocab';

/** Counters of the last query, for the benchmark. */
export interface QueryStats {
  postings: number;
  candidates: number;
  verified: number;
}

/** The first entry in [a, b) of a length-sorted group whose (capped) length is >= `length`. */
function firstOfLength(
  entries: Int32Array,
  stride: number,
  a: number,
  b: number,
  length: number,
): number {
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((entries[mid * stride + E_INFO]! & 255) < length) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** Per-slot query state, side by side: the query epoch that met it, occurrences met, bound. */
const STATE = 3;
const S_STAMP = 0;
const S_MET = 1;
const S_BOUND = 2;
/** Thresholds tried before the query's own (see `query`). */
const PHASES = [90, 75];

/**
 * One query (bounds.ts has the proofs, numbered as here):
 * 1. prefix (4): sort the query's tokens into the global order; look up only its first
 *    pQ = n - ceil(t n / 100) + 1 occurrences, and in each list only the entries inside the
 *    unit's own prefix (ceiling >= t) and the length window [ceil(t n / 100), floor(100 n / t)] (2);
 * 2. signature (6): read from the list entry, it bounds the overlap before the unit's own memory
 *    is touched;
 * 3. position (5): the first meeting bounds the overlap by min(n - i, m - j), later meetings and
 *    the prefixes refine it;
 * 4. count (3): candidates in order of their bound; the exact multiset overlap (a pass over the
 *    unit's tokens) must reach ceil(t max(n, m) / 100);
 * 5. verify with bit-parallel Myers into a top-k heap. Once the heap is full the bar rises to its
 *    weakest score and the window and the count bound tighten with it.
 *
 * Phases: the query runs first at threshold 90, then 75, then its own. A phase finds every unit
 * scoring at least its threshold; if it fills the top k, no unit it skipped (scoring below the
 * phase threshold, so below the k-th hit) could enter, and the answer is final. A phase with a high
 * threshold is cheap (short prefix, narrow window), and queries with good matches stop there.
 *
 * Scratch arrays grow to the largest query and memory seen and are reused; per-slot state is reset
 * by an epoch stamp, not by clearing. A query allocates the hits it returns and little else (the
 * keys of non-ASCII tokens, the names of tags).
 */
export class QueryEngine {
  readonly stats: QueryStats = { postings: 0, candidates: 0, verified: 0 };
  private readonly encoder: SegmentEncoder;
  private readonly pattern = new QueryPattern();
  private readonly top = new TopK();
  private readonly penalty = new PenaltyScratch();
  private readonly context = emptyContextHash();
  private state = new Int32Array(1024 * STATE);
  private epoch = 0;
  private candidates = new Int32Array(1024);
  private ordered = new Int32Array(1024);
  private histogram = new Int32Array(64);
  private tokenOrder = new Int32Array(64);
  private tokenRank = new Int32Array(64);
  private distinctCount = 0;
  /** Per query: for byte k of a unit signature, the query occurrences its bits may hold. */
  private signatureTable = new Int32Array(SIGNATURE_WORDS * 4 * 256);
  private queryBits = new Int32Array(64);
  /** Per capped unit length: the least overlap that can reach the phase threshold. */
  private need = new Int32Array(256);
  // The phase being run, for `visit`.
  private n = 0;
  private phaseT = 0;

  constructor(
    private readonly store: UnitStore,
    private readonly lists: PostingLists,
    private readonly ranking: Ranking,
    private readonly vocab: Vocabulary,
  ) {
    this.encoder = new SegmentEncoder(vocab);
  }

  query(q: TmQuery): TmHit[] {
    const stats = this.stats;
    stats.postings = 0;
    stats.candidates = 0;
    stats.verified = 0;
    const threshold = effectiveThreshold(q.threshold);
    const limit = effectiveLimit(q.limit);
    const encoder = this.encoder;
    encoder.encode(q.text, false);
    const n = encoder.length;
    if (n === 0 || limit === 0 || this.store.live === 0) return [];
    this.n = n;
    this.pattern.set(encoder.classes, n, this.vocab.classCount);
    hashQueryContext(q, this.context);
    this.orderQueryTokens();
    this.prepareSignature();
    this.prepareSlots();
    const filterT = threshold > 100 ? 100 : threshold;
    for (let p = 0; p <= PHASES.length; p++) {
      const phaseT = p < PHASES.length ? PHASES[p]! : filterT;
      if (phaseT < filterT) continue;
      this.top.reset(limit);
      const candidateCount = this.collect(phaseT);
      this.verify(candidateCount, phaseT, threshold > phaseT ? threshold : phaseT);
      if (this.top.isFull || phaseT === filterT) break;
    }
    return this.top.drain();
  }

  /** Steps 1-3: the candidates of one phase, in `candidates`; returns how many. */
  private collect(t: number): number {
    const n = this.n;
    this.phaseT = t;
    const epoch = ++this.epoch;
    const pattern = this.pattern;
    const order = this.tokenOrder;
    const lists = this.lists;
    const stats = this.stats;
    const pQ = prefixLength(n, t);
    const lo = minUnitLength(n, t);
    const hi = maxUnitLength(n, t);
    // Lengths are capped at 255 in the lists: the exact check comes at verification.
    const loCapped = lo > 255 ? 255 : lo;
    const hiCapped = hi > 255 ? 255 : hi;
    const tiers = lastTier(t);
    const table = this.signatureTable;
    const need = this.need;
    for (let len = loCapped; len <= hiCapped; len++) need[len] = minOverlap(n > len ? n : len, t);
    let count = 0;
    let i = 0;
    for (let d = 0; d < this.distinctCount && i < pQ; d++) {
      const local = order[d]!;
      const id = pattern.distinct[local]!;
      const weight = pattern.multiplicity[local]!;
      // Built lists: per tier, the length window is a contiguous run.
      if (id < lists.builtClassCount) {
        const entries = lists.entries;
        for (let tier = 0; tier <= tiers && tier < SIGNED_TIERS; tier++) {
          const group = id * SIGNED_TIERS + tier;
          const b = lists.offsets[group + 1]!;
          const a = firstOfLength(entries, ENTRY, lists.offsets[group]!, b, loCapped);
          for (let at = a * ENTRY; at < b * ENTRY; at += ENTRY) {
            const info = entries[at + E_INFO]!;
            const len = info & 255;
            if (len > hiCapped) break;
            stats.postings++;
            if (info >>> 16 < t) continue;
            if (signatureBound(table, entries, at + E_SIGNATURE) < need[len]!) continue;
            count = this.visit(entries[at + E_SLOT]!, (info >>> 8) & 255, i, weight, epoch, count);
          }
        }
        if (tiers === SIGNED_TIERS) {
          // The last tier has no signatures: below threshold 50 only.
          const low = lists.lowEntries;
          const b = lists.lowOffsets[id + 1]!;
          const a = firstOfLength(low, LOW_ENTRY, lists.lowOffsets[id]!, b, loCapped);
          for (let at = a * LOW_ENTRY; at < b * LOW_ENTRY; at += LOW_ENTRY) {
            const info = low[at + E_INFO]!;
            if ((info & 255) > hiCapped) break;
            stats.postings++;
            if (info >>> 16 < t) continue;
            count = this.visit(low[at + E_SLOT]!, (info >>> 8) & 255, i, weight, epoch, count);
          }
        }
      }
      // Entries added since the build.
      if (id < lists.deltaHead.length) {
        const chunks = lists.deltaChunks;
        for (let e = lists.deltaHead[id]!, next = 0; e >= 0; e = next) {
          const delta = chunks[e >> DELTA_SHIFT]!;
          const at = (e & DELTA_MASK) * DELTA_ENTRY;
          next = delta[at + E_NEXT]!;
          stats.postings++;
          const info = delta[at + E_INFO]!;
          const len = info & 255;
          if (len < loCapped || len > hiCapped || info >>> 16 < t) continue;
          if (signatureBound(table, delta, at + E_SIGNATURE) < need[len]!) continue;
          count = this.visit(delta[at + E_SLOT]!, (info >>> 8) & 255, i, weight, epoch, count);
        }
      }
      i += weight;
    }
    stats.candidates += count;
    // The tail bound: occurrences never met lie past the query's or the unit's prefix.
    const state = this.state;
    const meta = this.store.meta;
    const candidates = this.candidates;
    for (let c = 0; c < count; c++) {
      const slot = candidates[c]!;
      const m = meta[slot * META + M_LENGTH]!;
      const outside = n - pQ > m - prefixLength(m, t) ? n - pQ : m - prefixLength(m, t);
      const s = slot * STATE;
      const tail = state[s + S_MET]! + outside;
      if (tail < state[s + S_BOUND]!) state[s + S_BOUND] = tail;
    }
    return count;
  }

  /**
   * A list entry: unit `slot` holds the query token at query position i, first at unit position
   * j. Returns the new candidate count.
   */
  private visit(
    slot: number,
    j: number,
    i: number,
    weight: number,
    epoch: number,
    count: number,
  ): number {
    const state = this.state;
    const s = slot * STATE;
    const m = this.store.meta[slot * META + M_LENGTH]!;
    const n = this.n;
    const rest = n - i < m - j ? n - i : m - j;
    if (state[s + S_STAMP] === epoch) {
      const bound = state[s + S_BOUND]!;
      if (bound < 0) return count;
      const refined = state[s + S_MET]! + rest;
      if (refined < bound) state[s + S_BOUND] = refined;
      state[s + S_MET]! += weight;
      return count;
    }
    state[s + S_STAMP] = epoch;
    if (
      this.store.meta[slot * META + M_FLAGS] === 0 ||
      rest < minOverlap(n > m ? n : m, this.phaseT)
    ) {
      state[s + S_BOUND] = -1;
      return count;
    }
    state[s + S_BOUND] = rest;
    state[s + S_MET] = weight;
    if (count === this.candidates.length) {
      const next = new Int32Array(count * 2);
      next.set(this.candidates);
      this.candidates = next;
    }
    this.candidates[count] = slot;
    return count + 1;
  }

  /** Steps 4-5: count and verify the candidates, best bound first, under the rising bar. */
  private verify(count: number, t: number, acceptMin: number): void {
    if (count === 0) return;
    const n = this.n;
    const ordered = this.orderByBound(count);
    const encoder = this.encoder;
    const pattern = this.pattern;
    const store = this.store;
    const meta = store.meta;
    const classes = store.classes;
    const state = this.state;
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
      if (score === 100 && this.contextMatches(slot, flags)) score = 101;
      if (score < acceptMin) continue;
      top.offer(score, store.ids[slot]!);
      if (top.isFull && top.bar > bar && bar < 100) {
        bar = top.bar > 100 ? 100 : top.bar;
        barLo = minUnitLength(n, bar);
        barHi = maxUnitLength(n, bar);
      }
    }
  }

  /** Sorts the query's distinct tokens by rank (insertion sort: queries are short). */
  private orderQueryTokens(): void {
    const pattern = this.pattern;
    const count = pattern.distinctCount;
    if (this.tokenOrder.length < count) {
      this.tokenOrder = new Int32Array(count * 2);
      this.tokenRank = new Int32Array(count * 2);
    }
    const order = this.tokenOrder;
    const ranks = this.tokenRank;
    const rankOf = this.ranking.rankOf;
    for (let k = 0; k < count; k++) {
      const id = pattern.distinct[k]!;
      const r = id === UNKNOWN_CLASS || id >= rankOf.length ? UNKNOWN_RANK : rankOf[id]!;
      let j = k;
      while (j > 0 && ranks[j - 1]! > r) {
        ranks[j] = ranks[j - 1]!;
        order[j] = order[j - 1]!;
        j--;
      }
      ranks[j] = r;
      order[j] = k;
    }
    this.distinctCount = count;
  }

  /** The signature filter's table for this query (signature.ts). */
  private prepareSignature(): void {
    const pattern = this.pattern;
    const count = pattern.distinctCount;
    if (this.queryBits.length < count) this.queryBits = new Int32Array(count * 2);
    const bits = this.queryBits;
    for (let k = 0; k < count; k++) {
      const id = pattern.distinct[k]!;
      // Words the memory has never seen are in no unit: they count for nothing.
      bits[k] = id === UNKNOWN_CLASS ? -1 : this.ranking.signatureBit(id);
    }
    fillSignatureTable(this.signatureTable, bits, pattern.multiplicity, count);
  }

  private contextMatches(slot: number, flags: number): boolean {
    const ctx = this.context;
    const c = slot * 4;
    const hashes = this.store.context;
    if (ctx.hasKey && flags & F_KEY && hashes[c + 2] === ctx.keyA && hashes[c + 3] === ctx.keyB) {
      return true;
    }
    return (
      ctx.hasNeighbours &&
      (flags & F_NEIGHBOURS) !== 0 &&
      hashes[c] === ctx.neighboursA &&
      hashes[c + 1] === ctx.neighboursB
    );
  }

  /** Candidates by descending bound (a counting sort: bounds never exceed n). */
  private orderByBound(count: number): Int32Array {
    const n = this.n;
    if (this.histogram.length < n + 2) this.histogram = new Int32Array(n * 2 + 2);
    if (this.ordered.length < count) this.ordered = new Int32Array(this.candidates.length);
    const histogram = this.histogram;
    histogram.fill(0, 0, n + 2);
    const candidates = this.candidates;
    const state = this.state;
    for (let c = 0; c < count; c++) histogram[n - state[candidates[c]! * STATE + S_BOUND]! + 1]!++;
    for (let b = 1; b < n + 2; b++) histogram[b]! += histogram[b - 1]!;
    const ordered = this.ordered;
    for (let c = 0; c < count; c++) {
      const slot = candidates[c]!;
      ordered[histogram[n - state[slot * STATE + S_BOUND]!]!++] = slot;
    }
    return ordered;
  }

  private prepareSlots(): void {
    const size = this.store.count * STATE;
    if (this.state.length < size) {
      this.state = new Int32Array(Math.max(size, this.state.length * 2));
      this.epoch = 0;
    }
    if (this.epoch > 0x7ffffff0) {
      this.state.fill(0);
      this.epoch = 0;
    }
  }
}
