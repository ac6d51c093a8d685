import { minOverlap, minUnitLength, maxUnitLength, prefixLength } from './bounds';
import type { QueryPattern } from './pattern';
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
import type { QueryTokens } from './query-tokens';
import { signatureBound } from './signature';
import { META, M_FLAGS, M_LENGTH, type UnitStore } from './unit-store';

/** Counters of the last query, for the benchmark. */
export interface QueryStats {
  postings: number;
  candidates: number;
  verified: number;
}

/** Per-slot query state, side by side: the query epoch that met it, occurrences met, bound. */
export const STATE = 3;
const S_STAMP = 0;
const S_MET = 1;
/** An upper bound of the slot's overlap with the query; -1 once it is out of the phase. */
export const S_BOUND = 2;

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

/**
 * Candidate gathering, steps 1-3 of a query (query-engine.ts): walks the posting lists of the
 * query's prefix tokens inside the length window, filters by signature and position, and keeps
 * per slot an upper bound of its overlap with the query. Per-slot state is reset by an epoch
 * stamp, not by clearing; the arrays grow to the largest memory seen and are reused.
 */
export class CandidateGatherer {
  /** STATE numbers per slot (S_BOUND is what the verifier reads). */
  state = new Int32Array(1024 * STATE);
  /** The slots of the last phase, in the order they were met. */
  candidates = new Int32Array(1024);
  private epoch = 0;
  /** Per capped unit length: the least overlap that can reach the phase threshold. */
  private readonly need = new Int32Array(256);
  // The phase being run, for `visit`.
  private n = 0;
  private phaseT = 0;

  constructor(
    private readonly store: UnitStore,
    private readonly lists: PostingLists,
    private readonly stats: QueryStats,
  ) {}

  /** Sizes the per-slot state to the memory, before a query's first phase. */
  prepareSlots(): void {
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

  /** The candidates of phase t for an n-token query, in `candidates`; returns how many. */
  collect(n: number, t: number, pattern: QueryPattern, tokens: QueryTokens): number {
    this.n = n;
    this.phaseT = t;
    const epoch = ++this.epoch;
    const order = tokens.order;
    const lists = this.lists;
    const stats = this.stats;
    const pQ = prefixLength(n, t);
    const lo = minUnitLength(n, t);
    const hi = maxUnitLength(n, t);
    // Lengths are capped at 255 in the lists: the exact check comes at verification.
    const loCapped = lo > 255 ? 255 : lo;
    const hiCapped = hi > 255 ? 255 : hi;
    const tiers = lastTier(t);
    const table = tokens.signatureTable;
    const need = this.need;
    for (let len = loCapped; len <= hiCapped; len++) need[len] = minOverlap(n > len ? n : len, t);
    let count = 0;
    let i = 0;
    for (let d = 0; d < tokens.distinctCount && i < pQ; d++) {
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
}
