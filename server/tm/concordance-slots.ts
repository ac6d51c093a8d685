import { IdMap } from './id-map';
import { ConcordanceSide } from './concordance-side';

/**
 * The slots of a concordance index: one per unit added, in the order added (a higher slot is a
 * newer unit), each with its unit's id, whether it is still alive, and its words on each side.
 * A replaced or removed unit leaves its slot dead; a compaction copies the live ones into a
 * fresh `ConcordanceSlots` (concordance-index.ts).
 */
export class ConcordanceSlots {
  readonly sides: readonly [ConcordanceSide, ConcordanceSide];
  ids: Float64Array;
  alive: Uint8Array;
  slotOf = new IdMap();
  count = 0;
  live = 0;

  /**
   * Sized ahead for `capacity` slots and, when compacting, for the words of `old` (at most), so
   * that filling them does not regrow large arrays (a stall each).
   */
  constructor(capacity = 1024, old?: ConcordanceSlots) {
    this.ids = new Float64Array(Math.max(16, capacity));
    this.alive = new Uint8Array(Math.max(16, capacity));
    const sideLike = (from: ConcordanceSide | undefined) =>
      from
        ? new ConcordanceSide(capacity, from.used, from.totals.length)
        : new ConcordanceSide(capacity);
    this.sides = [sideLike(old?.sides[0]), sideLike(old?.sides[1])];
    this.slotOf.reserve(capacity);
  }

  get dead(): number {
    return this.count - this.live;
  }

  /** Bytes held in typed arrays (for the benchmark). */
  get bytes(): number {
    const own = this.ids.byteLength + this.alive.byteLength;
    return own + this.sides[0].bytes + this.sides[1].bytes;
  }

  /** A new live slot for `id` (its words are appended to the sides next). */
  open(id: number): number {
    const slot = this.count++;
    if (slot === this.ids.length) {
      const ids = new Float64Array(slot * 2);
      ids.set(this.ids);
      this.ids = ids;
      const alive = new Uint8Array(slot * 2);
      alive.set(this.alive);
      this.alive = alive;
    }
    this.ids[slot] = id;
    this.alive[slot] = 1;
    this.slotOf.set(id, slot);
    this.live++;
    return slot;
  }

  /** Kills the unit's slot; false when it has none here. */
  kill(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot < 0) return false;
    this.alive[slot] = 0;
    this.slotOf.delete(id);
    this.live--;
    return true;
  }

  /** Appends a copy of `from`'s slot (alive) with the same words. */
  copy(from: ConcordanceSlots, slot: number): void {
    const next = this.open(from.ids[slot]!);
    for (let side = 0; side < 2; side++) {
      const words = from.sides[side]!;
      const start = words.start[slot]!;
      const n = words.length[slot]!;
      this.sides[side]!.append(next, words.pool.subarray(start, start + n), n);
    }
  }
}
