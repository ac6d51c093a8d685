/**
 * Unit id -> slot, an open-addressing hash table in two typed arrays (a JS Map of a million
 * numbers costs several times the memory and is slower to fill). Linear probing with
 * backward-shift deletion, so removals leave no tombstones.
 */
const EMPTY = -1;

function hash(id: number): number {
  const low = id >>> 0;
  const high = (id / 4294967296) >>> 0;
  let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 15;
  return Math.imul(h, 0xc2b2ae35) ^ (h >>> 13);
}

export class IdMap {
  size = 0;
  private keys = new Float64Array(1024);
  private values = new Int32Array(1024).fill(EMPTY);
  private mask = 1023;

  /** The slot of `id`, or -1. */
  get(id: number): number {
    for (let at = hash(id) & this.mask; ; at = (at + 1) & this.mask) {
      const value = this.values[at]!;
      if (value === EMPTY || this.keys[at] === id) return value;
    }
  }

  set(id: number, slot: number): void {
    if ((this.size + 1) * 2 > this.values.length) this.grow();
    for (let at = hash(id) & this.mask; ; at = (at + 1) & this.mask) {
      if (this.values[at] === EMPTY) {
        this.keys[at] = id;
        this.values[at] = slot;
        this.size++;
        return;
      }
      if (this.keys[at] === id) {
        this.values[at] = slot;
        return;
      }
    }
  }

  delete(id: number): boolean {
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

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Float64Array(keys.length * 2);
    this.values = new Int32Array(values.length * 2).fill(EMPTY);
    this.mask = this.values.length - 1;
    this.size = 0;
    for (let i = 0; i < values.length; i++) if (values[i] !== EMPTY) this.set(keys[i]!, values[i]!);
  }
}
