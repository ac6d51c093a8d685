import type { Ranking } from './ranking';
import { SIGNATURE_WORDS } from './signature';
import { F_ALIVE, META, M_FLAGS, M_LENGTH, M_START, type UnitStore } from './unit-store';

/**
 * The inverted lists. Every distinct token of every unit is posted, with
 * - j, the position of the token's first occurrence in the unit sorted by the global order
 *   (ranking.ts), and
 * - its ceiling, floor(100 (m - j) / m): the highest threshold t for which j lies in the unit's
 *   prefix (j < m - ceil(t m / 100) + 1, bounds.ts 4). A query at threshold t reads only entries
 *   with ceiling >= t, i.e. the units' prefixes: common words sit late in most units and are
 *   mostly skipped.
 *
 * The bulk of the lists is built at once (`build`), grouped by token, then by ceiling tier (>= 80,
 * 70-79, 50-69, < 50), then sorted by unit length, so a query reads the tiers its threshold needs
 * and, in each, only the length window (binary search). Tiers 0-2 carry the unit's signature;
 * tier 3, read only below threshold 50 and about half of all entries, does without it (to save
 * memory) in a second array. Units added after the build go to small per-token chains
 * (`addDelta`) until the next build.
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

const cap = (v: number) => (v > 255 ? 255 : v);

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
export const E_NEXT = ENTRY;

export class PostingLists {
  /** Ids below this have groups in the built lists. */
  builtClassCount = 0;
  /** First entry of group (id * SIGNED_TIERS + tier) in `entries`; one more at the end. */
  offsets = new Int32Array(1);
  entries = new Int32Array(0);
  /** First entry of token id's last-tier group in `lowEntries`; one more at the end. */
  lowOffsets = new Int32Array(1);
  lowEntries = new Int32Array(0);

  /** Entries added since the build, chained per token from `deltaHead` (-1 ends). */
  deltaHead = new Int32Array(0);
  delta = new Int32Array(1024 * DELTA_ENTRY);
  deltaCount = 0;

  /** Ranks the vocabulary by current frequency and lists every live unit of `store`. */
  build(store: UnitStore, ranking: Ranking, classCount: number): void {
    const { classes, meta } = store;
    const isLive = (slot: number) => (meta[slot * META + M_FLAGS]! & F_ALIVE) !== 0;
    const lengthOf = (slot: number) => meta[slot * META + M_LENGTH]!;
    // Frequencies: units per token.
    const frequency = new Int32Array(classCount);
    const lastSeen = new Int32Array(classCount).fill(-1);
    let total = 0;
    for (let slot = 0; slot < store.count; slot++) {
      if (!isLive(slot)) continue;
      const from = meta[slot * META + M_START]!;
      const to = from + lengthOf(slot);
      for (let k = from; k < to; k++) {
        const id = classes[k]!;
        if (lastSeen[id] !== slot) {
          lastSeen[id] = slot;
          frequency[id]!++;
          total++;
        }
      }
    }
    ranking.rank(frequency, classCount);

    // Pass 1: each unit's entries (group; position and ceiling), counted per group.
    const groupOf = new Int32Array(total);
    const placeOf = new Int32Array(total);
    const entryStart = new Int32Array(store.count + 1);
    const unitSignature = new Int32Array(store.count * SIGNATURE_WORDS);
    const groupSize = new Int32Array(classCount * TIERS + 1);
    const byLength = new Int32Array(257);
    let e = 0;
    for (let slot = 0; slot < store.count; slot++) {
      entryStart[slot] = e;
      if (!isLive(slot)) continue;
      const m = lengthOf(slot);
      byLength[cap(m) + 1]!++;
      const from = meta[slot * META + M_START]!;
      ranking.sortUnit(classes, from, from + m);
      unitSignature.set(ranking.signature, slot * SIGNATURE_WORDS);
      for (let d = 0; d < ranking.distinctCount; d++) {
        const j = ranking.firstPositions[d]!;
        const ceiling = prefixCeiling(m, j);
        const group = ranking.ids[d]! * TIERS + tierOf(ceiling);
        groupOf[e] = group;
        placeOf[e] = (cap(j) << 8) | (ceiling << 16);
        groupSize[group]!++;
        e++;
      }
    }
    entryStart[store.count] = e;

    // Pass 2: slots in length order fill the groups, so each group is sorted by length. Group
    // id * TIERS + tier goes to `entries` as id * SIGNED_TIERS + tier, or to `lowEntries` as id.
    const offsets = new Int32Array(classCount * SIGNED_TIERS + 1);
    const lowOffsets = new Int32Array(classCount + 1);
    const cursor = new Int32Array(classCount * TIERS);
    for (let id = 0; id < classCount; id++) {
      for (let tier = 0; tier < SIGNED_TIERS; tier++) {
        const g = id * SIGNED_TIERS + tier;
        cursor[id * TIERS + tier] = offsets[g]!;
        offsets[g + 1] = offsets[g]! + groupSize[id * TIERS + tier]!;
      }
      cursor[id * TIERS + SIGNED_TIERS] = lowOffsets[id]!;
      lowOffsets[id + 1] = lowOffsets[id]! + groupSize[id * TIERS + SIGNED_TIERS]!;
    }
    for (let l = 1; l < 257; l++) byLength[l]! += byLength[l - 1]!;
    const slotsByLength = new Int32Array(store.live);
    for (let slot = 0; slot < store.count; slot++) {
      if (isLive(slot)) slotsByLength[byLength[cap(lengthOf(slot))]!++] = slot;
    }
    const entries = new Int32Array(offsets[classCount * SIGNED_TIERS]! * ENTRY);
    const lowEntries = new Int32Array(lowOffsets[classCount]! * LOW_ENTRY);
    for (const slot of slotsByLength) {
      const len = cap(lengthOf(slot));
      const s0 = unitSignature[slot * SIGNATURE_WORDS]!;
      const s1 = unitSignature[slot * SIGNATURE_WORDS + 1]!;
      const s2 = unitSignature[slot * SIGNATURE_WORDS + 2]!;
      const s3 = unitSignature[slot * SIGNATURE_WORDS + 3]!;
      for (let k = entryStart[slot]!; k < entryStart[slot + 1]!; k++) {
        const group = groupOf[k]!;
        if ((group & (TIERS - 1)) === SIGNED_TIERS) {
          const at = cursor[group]!++ * LOW_ENTRY;
          lowEntries[at + E_SLOT] = slot;
          lowEntries[at + E_INFO] = placeOf[k]! | len;
        } else {
          const at = cursor[group]!++ * ENTRY;
          entries[at + E_SLOT] = slot;
          entries[at + E_INFO] = placeOf[k]! | len;
          entries[at + E_SIGNATURE] = s0;
          entries[at + E_SIGNATURE + 1] = s1;
          entries[at + E_SIGNATURE + 2] = s2;
          entries[at + E_SIGNATURE + 3] = s3;
        }
      }
    }
    this.entries = entries;
    this.offsets = offsets;
    this.lowEntries = lowEntries;
    this.lowOffsets = lowOffsets;
    this.builtClassCount = classCount;
    this.deltaHead = new Int32Array(Math.max(classCount * 2, 1024)).fill(-1);
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
      if ((this.deltaCount + 1) * DELTA_ENTRY > this.delta.length) {
        const next = new Int32Array(this.delta.length * 2);
        next.set(this.delta);
        this.delta = next;
      }
      const e = this.deltaCount++;
      const at = e * DELTA_ENTRY;
      this.delta[at + E_SLOT] = slot;
      this.delta[at + E_INFO] = cap(m) | (cap(j) << 8) | (prefixCeiling(m, j) << 16);
      this.delta.set(ranking.signature, at + E_SIGNATURE);
      this.delta[at + E_NEXT] = this.deltaHead[id]!;
      this.deltaHead[id] = e;
    }
  }
}
