/**
 * Unit id -> slot, an open-addressing hash table in two typed arrays (a JS Map of a million
 * numbers costs several times the memory and is slower to fill). Linear probing with
 * backward-shift deletion, so removals leave no tombstones. A cell holds its slot + 1, so that a
 * new table is empty as allocated (zeroed), without a pass over it.
 *
 * Growing moves the ids to a table twice as large a few cells per `set` (rehashing a million ids
 * at once would hold the thread for 50-100 ms): meanwhile an id is in the new table or still in
 * the old one, whose moved and deleted cells are marked GONE (probes go on past them).
 */
const EMPTY = 0;
const GONE = -1;
/** Old cells moved per `set` while growing: the move ends long before the next growth. */
const MOVES_PER_SET = 8;

function hash(id: number): number {
  const low = id >>> 0;
  const high = (id / 4294967296) >>> 0;
  let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  return Math.imul(h, 0xc2b2ae35) ^ (h >>> 13);
}

/** The cell of `id` in a table, or -1 (a GONE cell of `id` counts as its cell). */
function cellOf(keys: Float64Array, values: Int32Array, id: number): number {
  const mask = values.length - 1;
  for (let at = hash(id) & mask; ; at = (at + 1) & mask) {
    if (values[at] === EMPTY) return -1;
    if (keys[at] === id) return at;
  }
}

export class IdMap {
  size = 0;
  private keys = new Float64Array(1024);
  private values = new Int32Array(1024);
  private mask = 1023;
  /** While growing: the previous table, and how many of its cells were moved. */
  private oldKeys: Float64Array | null = null;
  private oldValues: Int32Array | null = null;
  private moved = 0;

  /** The slot of `id`, or -1. */
  get(id: number): number {
    for (let at = hash(id) & this.mask; ; at = (at + 1) & this.mask) {
      const value = this.values[at]!;
      if (value === EMPTY) break;
      if (this.keys[at] === id) return value - 1;
    }
    const old = this.oldValues;
    if (old === null) return -1;
    const at = cellOf(this.oldKeys!, old, id);
    return at < 0 || old[at] === GONE ? -1 : old[at]! - 1;
  }

  set(id: number, slot: number): void {
    if (this.oldValues !== null) {
      this.moveSome(MOVES_PER_SET);
      // The id moves to the new table now.
      if (this.takeOld(id)) this.size--;
    }
    if ((this.size + 1) * 2 > this.values.length) this.grow(this.values.length * 2, false);
    if (this.put(id, slot)) this.size++;
  }

  delete(id: number): boolean {
    if (this.takeOld(id)) {
      this.size--;
      return true;
    }
    const mask = this.mask;
    let at = hash(id) & mask;
    for (; ; at = (at + 1) & mask) {
      const value = this.values[at]!;
      if (value === EMPTY) return false;
      if (this.keys[at] === id) break;
    }
    // Shift back the entries after the hole whose home is at or before it.
    let hole = at;
    for (let next = (hole + 1) & mask; this.values[next] !== EMPTY; next = (next + 1) & mask) {
      const home = hash(this.keys[next]!) & mask;
      const movable = hole <= next ? home <= hole || home > next : home <= hole && home > next;
      if (movable) {
        this.keys[hole] = this.keys[next]!;
        this.values[hole] = this.values[next]!;
        hole = next;
      }
    }
    this.values[hole] = EMPTY;
    this.size--;
    return true;
  }

  /** Room for `count` ids without growing (at once: meant for an empty map, before a load). */
  reserve(count: number): void {
    let capacity = this.values.length;
    while (count * 2 > capacity) capacity *= 2;
    if (capacity > this.values.length) this.grow(capacity, true);
  }

  /** Sets `id` in the new table; true when it was not there. */
  private put(id: number, slot: number): boolean {
    for (let at = hash(id) & this.mask; ; at = (at + 1) & this.mask) {
      if (this.values[at] === EMPTY) {
        this.keys[at] = id;
        this.values[at] = slot + 1;
        return true;
      }
      if (this.keys[at] === id) {
        this.values[at] = slot + 1;
        return false;
      }
    }
  }

  /** Marks `id` GONE in the old table; true when it was there. */
  private takeOld(id: number): boolean {
    const old = this.oldValues;
    if (old === null) return false;
    const at = cellOf(this.oldKeys!, old, id);
    if (at < 0 || old[at] === GONE) return false;
    old[at] = GONE;
    return true;
  }

  private moveSome(count: number): void {
    const keys = this.oldKeys!;
    const values = this.oldValues!;
    const end = Math.min(values.length, this.moved + count);
    for (; this.moved < end; this.moved++) {
      const value = values[this.moved]!;
      if (value === EMPTY || value === GONE) continue;
      values[this.moved] = GONE;
      this.put(keys[this.moved]!, value - 1);
    }
    if (this.moved === values.length) this.oldKeys = this.oldValues = null;
  }

  private grow(capacity: number, atOnce: boolean): void {
    // A growth still moving (only if most sets replaced ids) ends first.
    if (this.oldValues !== null) this.moveSome(this.oldValues.length);
    this.oldKeys = this.keys;
    this.oldValues = this.values;
    this.moved = 0;
    this.keys = new Float64Array(capacity);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
    if (atOnce) this.moveSome(this.oldValues.length);
  }
}
