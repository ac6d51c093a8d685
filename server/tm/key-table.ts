/**
 * Interning without allocating: an open-addressing hash table of token keys that can be probed
 * with a range of the segment text itself (ASCII letters folded to lower case on the fly), so
 * the common token costs a hash and a compare, and a string is made only for a token never seen.
 */
const EMPTY = -1;

export class KeyTable {
  private keys: string[] = [];
  private hashes = new Int32Array(1024);
  private table = new Int32Array(2048).fill(EMPTY);
  private mask = 2047;
  /** Hash of the key last looked up and not found: `add` must follow that lookup. */
  private lastHash = 0;

  get size(): number {
    return this.keys.length;
  }

  /** Index of the key text[start, end) (with A-Z folded to a-z when `fold`), or -1. */
  findRange(text: string, start: number, end: number, fold: boolean): number {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) {
      let c = text.charCodeAt(i);
      if (fold && c >= 0x41 && c <= 0x5a) c |= 0x20;
      h = Math.imul(h ^ c, 0x01000193);
    }
    const length = end - start;
    for (let at = h & this.mask; ; at = (at + 1) & this.mask) {
      const index = this.table[at]!;
      if (index === EMPTY) {
        this.lastHash = h;
        return -1;
      }
      if (this.hashes[index] !== h) continue;
      const key = this.keys[index]!;
      if (key.length !== length) continue;
      let same = true;
      for (let i = 0; i < length; i++) {
        let c = text.charCodeAt(start + i);
        if (fold && c >= 0x41 && c <= 0x5a) c |= 0x20;
        if (key.charCodeAt(i) !== c) {
          same = false;
          break;
        }
      }
      if (same) return index;
    }
  }

  /** Index of `key`, or -1. */
  find(key: string): number {
    return this.findRange(key, 0, key.length, false);
  }

  /** Adds `key`, which the last find/findRange did not find; returns its index. */
  add(key: string): number {
    const index = this.keys.length;
    this.keys.push(key);
    if (index === this.hashes.length) {
      const hashes = new Int32Array(index * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    this.hashes[index] = this.lastHash;
    if (this.keys.length * 2 > this.table.length) this.rehash();
    else this.place(index);
    return index;
  }

  key(index: number): string {
    return this.keys[index]!;
  }

  private place(index: number): void {
    let at = this.hashes[index]! & this.mask;
    while (this.table[at] !== EMPTY) at = (at + 1) & this.mask;
    this.table[at] = index;
  }

  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2).fill(EMPTY);
    this.mask = this.table.length - 1;
    for (let index = 0; index < this.keys.length; index++) this.place(index);
  }
}
