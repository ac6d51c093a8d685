import type { Ranking } from './ranking';
import { SIGNATURE_WORDS } from './signature';

/**
 * The inverted lists. Every distinct token of every unit is posted, with
 * - j, the position of the token's first occurrence in the unit sorted by the global order
 *   (ranking.ts), and
 * - its ceiling, floor(100 (m - j) / m): the highest threshold t for which j lies in the unit's
 *   prefix (j < m - ceil(t m / 100) + 1, bounds.ts 4). A query at threshold t reads only entries
 *   with ceiling >= t, i.e. the units' prefixes: common words sit late in most units and are
 *   mostly skipped.
 *
 * The bulk of the lists is built in one go (list-build.ts, a step at a time), grouped by token,
 * then by ceiling tier (>= 80, 70-79, 50-69, < 50), then sorted by unit length, so a query reads
 * the tiers its threshold needs and, in each, only the length window (binary search). Tiers 0-2
 * carry the unit's signature; tier 3, read only below threshold 50 and about half of all
 * entries, does without it (to save memory) in a second array. Units added after the build go
 * to small per-token chains (`addDelta`) until the next build.
 */
export const TIERS = 4;
/** Tiers with signatures, in `entries`; the last tier is in `lowEntries`. */
export const SIGNED_TIERS = 3;

export function tierOf(ceiling: number): number {
  return ceiling >= 80 ? 0 : ceiling >= 70 ? 1 : ceiling >= 50 ? 2 : 3;
}

/** The last tier a query at threshold t must read. */
export function lastTier(t: number): number {
  return tierOf(t);
}

export function prefixCeiling(m: number, j: number): number {
  return Math.floor((100 * (m - j)) / m);
}

export const cap = (v: number) => (v > 255 ? 255 : v);

/**
 * One list entry, 6 int32 side by side (a query reads them in sequence): the unit's slot; `info`,
 * its length (bits 0-7) and the token's first position (8-15), both capped at 255 (exact checks
 * read the store), and the ceiling (16-23); the unit's signature (signature.ts).
 */
export const ENTRY = 2 + SIGNATURE_WORDS;
export const E_SLOT = 0;
export const E_INFO = 1;
export const E_SIGNATURE = 2;
/** Entries of the last tier: slot and info. */
export const LOW_ENTRY = 2;
/** Delta entries also carry the index of the next entry of the same token (-1 ends). */
export const DELTA_ENTRY = ENTRY + 1;
/** Delta entries go in chunks of 2^DELTA_SHIFT: a growing delta never copies what it holds. */
export const DELTA_SHIFT = 14;
export const DELTA_MASK = (1 << DELTA_SHIFT) - 1;
export const E_NEXT = ENTRY;

/** The bulk of the lists, as a build leaves them (see `PostingLists` for the layout). */
export interface BuiltLists {
  classCount: number;
  offsets: Int32Array;
  entries: Int32Array;
  lowOffsets: Int32Array;
  lowEntries: Int32Array;
}

export class PostingLists {
  /** Ids below this have groups in the built lists. */
  builtClassCount = 0;
  /** First entry of group (id * SIGNED_TIERS + tier) in `entries`; one more at the end. */
  offsets: Int32Array = new Int32Array(1);
  entries: Int32Array = new Int32Array(0);
  /** First entry of token id's last-tier group in `lowEntries`; one more at the end. */
  lowOffsets: Int32Array = new Int32Array(1);
  lowEntries: Int32Array = new Int32Array(0);

  /**
   * Entries added since the build, chained per token from `deltaHead` (-1 ends): entry e is at
   * (e & DELTA_MASK) * DELTA_ENTRY in chunk e >> DELTA_SHIFT.
   */
  deltaHead = new Int32Array(0);
  deltaChunks: Int32Array[] = [];
  deltaCount = 0;

  /** Takes the lists a build made (list-build.ts); the delta starts empty. */
  adopt(built: BuiltLists): void {
    this.offsets = built.offsets;
    this.entries = built.entries;
    this.lowOffsets = built.lowOffsets;
    this.lowEntries = built.lowEntries;
    this.builtClassCount = built.classCount;
    this.deltaHead = new Int32Array(Math.max(built.classCount * 2, 1024)).fill(-1);
    this.deltaChunks = [];
    this.deltaCount = 0;
  }

  /** Lists a unit added after the build (its tokens sorted by `ranking.sortUnit` just before). */
  addDelta(slot: number, m: number, ranking: Ranking): void {
    for (let d = 0; d < ranking.distinctCount; d++) {
      const id = ranking.ids[d]!;
      const j = ranking.firstPositions[d]!;
      if (id >= this.deltaHead.length) {
        const next = new Int32Array(Math.max(id + 1, this.deltaHead.length * 2)).fill(-1);
        next.set(this.deltaHead);
        this.deltaHead = next;
      }
      const e = this.deltaCount++;
      if (e >> DELTA_SHIFT === this.deltaChunks.length) {
        this.deltaChunks.push(new Int32Array((DELTA_MASK + 1) * DELTA_ENTRY));
      }
      const delta = this.deltaChunks[e >> DELTA_SHIFT]!;
      const at = (e & DELTA_MASK) * DELTA_ENTRY;
      delta[at + E_SLOT] = slot;
      delta[at + E_INFO] = cap(m) | (cap(j) << 8) | (prefixCeiling(m, j) << 16);
      delta.set(ranking.signature, at + E_SIGNATURE);
      delta[at + E_NEXT] = this.deltaHead[id]!;
      this.deltaHead[id] = e;
    }
  }
}
