import {
  ENTRY,
  E_INFO,
  E_SIGNATURE,
  E_SLOT,
  LOW_ENTRY,
  SIGNED_TIERS,
  TIERS,
  cap,
  type BuiltLists,
} from './postings';
import { SIGNATURE_WORDS } from './signature';
import { META, M_LENGTH, type UnitStore } from './unit-store';

/**
 * True every 256th call (or every `mask + 1`th) once `deadline` (performance.now()) is past.
 * Loops that sort or list whole units look every 64 units: long units make 256 too many.
 */
export function isLate(n: number, deadline: number, mask = 255): boolean {
  return (n & mask) === 0 && performance.now() >= deadline;
}

/** What the entries pass (list-passes.ts) leaves: each listed unit's entries, in slot order. */
export interface CollectedEntries {
  /** Slots [0, snapshot) were looked at; `listedUnits` of them have entries. */
  snapshot: number;
  listedUnits: number;
  /** Slot s has entries [entryStart[s], entryStart[s + 1]). */
  entryStart: Int32Array;
  /** Per entry: its group (token id * TIERS + tier), and its position and ceiling bits. */
  groupOf: Int32Array;
  placeOf: Int32Array;
  unitSignature: Int32Array;
  groupSize: Int32Array;
  /** Listed units per capped length, at index length + 1. */
  byLength: Int32Array;
}

/**
 * The last passes of a build: where each group starts (`layout`, at once: linear in the
 * vocabulary, a few ms for a million tokens), the listed units by length (`order`), and the
 * units in that order filling their groups (`fill`), so that each group is sorted by length.
 * Both resumable: called again, they go on where they stopped at the deadline.
 */
export class ListFill {
  private readonly slotsByLength: Int32Array;
  private readonly groupCursor: Int32Array;
  private ordered = 0;
  private filled = 0;

  constructor(
    private readonly store: UnitStore,
    private readonly collected: CollectedEntries,
    private readonly built: BuiltLists,
  ) {
    // Group id * TIERS + tier goes to `entries` as id * SIGNED_TIERS + tier, or to `lowEntries`
    // as id.
    const { classCount } = built;
    const { groupSize, byLength } = collected;
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
    this.groupCursor = cursor;
    built.offsets = offsets;
    built.lowOffsets = lowOffsets;
    built.entries = new Int32Array(offsets[classCount * SIGNED_TIERS]! * ENTRY);
    built.lowEntries = new Int32Array(lowOffsets[classCount]! * LOW_ENTRY);
    for (let l = 1; l < 257; l++) byLength[l]! += byLength[l - 1]!;
    this.slotsByLength = new Int32Array(collected.listedUnits);
  }

  /** The listed units by (capped) length, in slot order within a length. */
  order(deadline: number): boolean {
    const { entryStart, byLength, snapshot } = this.collected;
    const { slotsByLength } = this;
    const meta = this.store.meta;
    for (let n = 1; this.ordered < snapshot; n++) {
      const slot = this.ordered++;
      if (entryStart[slot + 1]! > entryStart[slot]!) {
        slotsByLength[byLength[cap(meta[slot * META + M_LENGTH]!)]!++] = slot;
      }
      if (isLate(n, deadline)) return false;
    }
    return true;
  }

  /** Units in length order fill the groups. */
  fill(deadline: number): boolean {
    const { entries, lowEntries } = this.built;
    const { entryStart, groupOf, placeOf, unitSignature, listedUnits } = this.collected;
    const cursor = this.groupCursor;
    const meta = this.store.meta;
    for (let n = 1; this.filled < listedUnits; n++) {
      const slot = this.slotsByLength[this.filled++]!;
      const len = cap(meta[slot * META + M_LENGTH]!);
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
      // Each unit writes all over the lists: a look at the clock every 64.
      if (isLate(n, deadline, 63)) return false;
    }
    return true;
  }
}
