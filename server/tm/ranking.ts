/**
 * The global token order of the prefix filter: rarest first. It must be one fixed total order for
 * every unit in the lists and for the query (bounds.ts), so it is frozen when the lists are built:
 * ranks 0, 1, 2, ... by how many units held the token then (ties by id), and a token first seen
 * after the build gets the next NEGATIVE rank (-1, -2, ...): new tokens come before every old one
 * and their order never changes. Ranks change only in a rebuild, which re-sorts every unit.
 * Rarity drifts as the memory grows; that costs speed until the next rebuild, never exactness.
 */
import { DEDICATED_BITS, SIGNATURE_WORDS, hashedBit } from './signature';

const UNRANKED = 0x7fffffff;
/** The rank of query tokens no unit has: before everything (they match nothing anyway). */
export const UNKNOWN_RANK = -0x80000000;

export class Ranking {
  rankOf = new Int32Array(0);
  /** Per class id, its dedicated signature bit, or -1. */
  private dedicated = new Int8Array(0);
  private idOfRank = new Int32Array(0);
  private idOfNewRank = new Int32Array(64);
  private newCount = 0;
  // Scratch for sortUnit.
  private sorted = new Int32Array(256);
  /** After sortUnit: the unit's distinct ids rarest first, with their first positions. */
  ids = new Int32Array(256);
  firstPositions = new Int32Array(256);
  distinctCount = 0;
  /** After sortUnit: the unit's signature (signature.ts). */
  readonly signature = new Int32Array(SIGNATURE_WORDS);

  /** Ranks every id below `classCount` by `frequency` (ascending), forgetting newer ranks. */
  rank(frequency: Int32Array, classCount: number): void {
    // A counting sort by frequency, ids in ascending order within one frequency: linear, so a
    // large vocabulary ranks within one step of a build.
    let highest = 0;
    for (let i = 0; i < classCount; i++) if (frequency[i]! > highest) highest = frequency[i]!;
    const start = new Int32Array(highest + 2);
    for (let i = 0; i < classCount; i++) start[frequency[i]! + 1]!++;
    for (let f = 1; f <= highest + 1; f++) start[f]! += start[f - 1]!;
    const order = new Int32Array(classCount);
    for (let i = 0; i < classCount; i++) order[start[frequency[i]!]!++] = i;
    this.rankOf = new Int32Array(Math.max(classCount * 2, 1024)).fill(UNRANKED);
    this.idOfRank = order;
    for (let r = 0; r < classCount; r++) this.rankOf[order[r]!] = r;
    this.newCount = 0;
    this.dedicated = new Int8Array(classCount).fill(-1);
    for (let b = 0; b < DEDICATED_BITS && b < classCount; b++) {
      const id = order[classCount - 1 - b]!;
      if (frequency[id]! > 0) this.dedicated[id] = b;
    }
  }

  /**
   * The signature bit of a token: its own for the most frequent tokens at the last ranking, else
   * one of the others by hash. A unit's signature has the bits of all its tokens, so a query token
   * whose bit is clear is surely not in the unit.
   */
  signatureBit(id: number): number {
    const own = id < this.dedicated.length ? this.dedicated[id]! : -1;
    return own >= 0 ? own : hashedBit(id);
  }

  /** The rank of an id, giving the next new rank to an id never ranked. */
  rankFor(id: number): number {
    if (id >= this.rankOf.length) {
      const next = new Int32Array(Math.max(id + 1, this.rankOf.length * 2)).fill(UNRANKED);
      next.set(this.rankOf);
      this.rankOf = next;
    }
    const r = this.rankOf[id]!;
    if (r !== UNRANKED) return r;
    if (this.newCount === this.idOfNewRank.length) {
      const next = new Int32Array(this.newCount * 2);
      next.set(this.idOfNewRank);
      this.idOfNewRank = next;
    }
    this.idOfNewRank[this.newCount] = id;
    const rank = -++this.newCount;
    this.rankOf[id] = rank;
    return rank;
  }

  private idOf(rank: number): number {
    return rank >= 0 ? this.idOfRank[rank]! : this.idOfNewRank[-rank - 1]!;
  }

  /**
   * Sorts the tokens classes[from, to) into the global order: fills `ids` and `firstPositions`
   * (the position of each distinct id's first occurrence among the occurrences so ordered), and
   * the unit's `signature`.
   */
  sortUnit(classes: Int32Array, from: number, to: number): void {
    const m = to - from;
    if (this.sorted.length < m) {
      this.sorted = new Int32Array(m * 2);
      this.ids = new Int32Array(m * 2);
      this.firstPositions = new Int32Array(m * 2);
    }
    const sorted = this.sorted;
    const rankOf = this.rankOf;
    for (let i = 0; i < m; i++) {
      const id = classes[from + i]!;
      const known = id < rankOf.length ? rankOf[id]! : UNRANKED;
      const r = known !== UNRANKED ? known : this.rankFor(id);
      // Insertion sort: units are short; long ones go to the typed-array sort below.
      if (m <= 24) {
        let j = i;
        while (j > 0 && sorted[j - 1]! > r) {
          sorted[j] = sorted[j - 1]!;
          j--;
        }
        sorted[j] = r;
      } else {
        sorted[i] = r;
      }
    }
    if (m > 24) sorted.subarray(0, m).sort();
    let distinct = 0;
    const signature = this.signature;
    signature.fill(0);
    for (let i = 0; i < m;) {
      const r = sorted[i]!;
      let j = i + 1;
      while (j < m && sorted[j] === r) j++;
      const id = this.idOf(r);
      const bit = this.signatureBit(id);
      signature[bit >>> 5]! |= 1 << (bit & 31);
      this.ids[distinct] = id;
      this.firstPositions[distinct] = i;
      distinct++;
      i = j;
    }
    this.distinctCount = distinct;
  }
}
