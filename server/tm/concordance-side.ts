/**
 * Word counts are cut into length buckets: a unit of n words is posted in bucket `bucketOf(n)`
 * of each of its words, so a search reads short units first and stops once longer ones cannot
 * enter its list (concordance-search.ts).
 */
const BUCKET_STARTS = [1, 2, 3, 4, 5, 6, 7, 9, 11, 14, 18, 24, 32, 48] as const;
export const BUCKETS = BUCKET_STARTS.length;
const BUCKET_BY_LENGTH = new Uint8Array(48);
for (let b = 0; b < BUCKETS; b++) BUCKET_BY_LENGTH.fill(b, BUCKET_STARTS[b]);

export const bucketOf = (words: number) => (words >= 48 ? BUCKETS - 1 : BUCKET_BY_LENGTH[words]!);
/** The fewest words a unit of bucket `b` has. */
export const bucketStart = (b: number): number => BUCKET_STARTS[b]!;

/**
 * One side (source or target) of the concordance index: each slot's words as ids in one pool,
 * and per word and length bucket (`list key` = id * BUCKETS + bucket) the slots that hold it,
 * each once and ascending, since slots only grow. A list of one slot keeps it in `first` and
 * has no array: most words of a memory are that rare.
 */
export class ConcordanceSide {
  pool: Int32Array;
  used = 0;
  start: Int32Array;
  length: Int32Array;
  /** Per word id: how many slots hold it (dead ones included, until a compaction). */
  totals: Int32Array;
  /** Per list key: its length; its slot when that is 1; its slots when more. */
  counts: Int32Array;
  first: Int32Array;
  /** Kept dense (undefined where no array), never holey: V8 keeps a holey array slow. */
  lists: (Int32Array | undefined)[];
  /** Per word id: the last slot it was posted for (a word twice in a unit is posted once). */
  private lastSlot: Int32Array;

  /**
   * Sized ahead for `slots` slots of `words` words in all, and `wordIds` distinct words:
   * appending them regrows nothing (a compaction knows all three).
   */
  constructor(slots = 1024, words = 16384, wordIds = 1024) {
    this.pool = new Int32Array(Math.max(16, words));
    this.start = new Int32Array(Math.max(16, slots));
    this.length = new Int32Array(Math.max(16, slots));
    const ids = Math.max(16, wordIds);
    this.totals = new Int32Array(ids);
    this.counts = new Int32Array(ids * BUCKETS);
    this.first = new Int32Array(ids * BUCKETS);
    this.lists = new Array<undefined>(ids * BUCKETS).fill(undefined);
    this.lastSlot = new Int32Array(ids).fill(-1);
  }

  /** Appends the words of `slot` (slots come in ascending order). */
  append(slot: number, ids: Int32Array, n: number): void {
    if (slot >= this.start.length) {
      this.start = grow(this.start, slot + 1);
      this.length = grow(this.length, slot + 1);
    }
    if (this.used + n > this.pool.length) this.pool = grow(this.pool, this.used + n);
    this.pool.set(ids.subarray(0, n), this.used);
    this.start[slot] = this.used;
    this.length[slot] = n;
    this.used += n;
    const bucket = bucketOf(n);
    for (let i = 0; i < n; i++) this.post(ids[i]!, slot, bucket);
  }

  private post(id: number, slot: number, bucket: number): void {
    if (id >= this.totals.length) this.growIds(id + 1);
    if (this.lastSlot[id] === slot) return;
    this.lastSlot[id] = slot;
    this.totals[id]!++;
    const key = id * BUCKETS + bucket;
    const count = this.counts[key]!;
    if (count === 0) {
      this.first[key] = slot;
    } else {
      let list = this.lists[key];
      if (!list) {
        list = new Int32Array(4);
        list[0] = this.first[key]!;
        this.lists[key] = list;
      } else if (count === list.length) {
        list = grow(list, count + 1);
        this.lists[key] = list;
      }
      list[count] = slot;
    }
    this.counts[key] = count + 1;
  }

  private growIds(atLeast: number): void {
    const size = Math.max(atLeast, this.totals.length * 2);
    this.totals = grow(this.totals, size);
    this.counts = grow(this.counts, size * BUCKETS);
    this.first = grow(this.first, size * BUCKETS);
    for (let key = this.lists.length; key < size * BUCKETS; key++) this.lists.push(undefined);
    const last = new Int32Array(size).fill(-1);
    last.set(this.lastSlot);
    this.lastSlot = last;
  }

  /** Bytes held in typed arrays (for the benchmark). */
  get bytes(): number {
    let bytes = this.pool.byteLength + this.start.byteLength + this.length.byteLength;
    bytes += this.totals.byteLength + this.counts.byteLength + this.first.byteLength;
    bytes += this.lastSlot.byteLength;
    for (const list of this.lists) if (list) bytes += list.byteLength;
    return bytes;
  }

  /** The i-th slot of list `key` (i < counts[key]). */
  slotAt(key: number, i: number): number {
    return this.counts[key] === 1 ? this.first[key]! : this.lists[key]![i]!;
  }

  /** Whether `slot` holds the words `ids` one after the other. */
  hasPhrase(slot: number, ids: Int32Array, n: number): boolean {
    const from = this.start[slot]!;
    const last = from + this.length[slot]! - n;
    for (let at = from; at <= last; at++) {
      let k = 0;
      while (k < n && this.pool[at + k] === ids[k]) k++;
      if (k === n) return true;
    }
    return false;
  }
}

function grow<T extends Int32Array>(array: T, size: number): T {
  const next = new Int32Array(Math.max(size, array.length * 2)) as T;
  next.set(array);
  return next;
}
