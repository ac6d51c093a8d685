/**
 * Unit signatures for the count filter: 128 bits, 4 int32 words. The 32 tokens most frequent at
 * the last ranking own a bit each (so the common words of a sentence are counted exactly); every
 * other token sets one of the other 96 bits by hash. A query token whose bit is clear in a unit's
 * signature is not in the unit, so summing the query occurrences over the set bits bounds the
 * overlap from above. The sum is 16 lookups in a per-query table (one per signature byte), read
 * from the list entry itself: most units are dismissed before their own memory is touched.
 */
export const SIGNATURE_WORDS = 4;
export const DEDICATED_BITS = 32;
const HASHED_BITS = SIGNATURE_WORDS * 32 - DEDICATED_BITS;

export function hashedBit(id: number): number {
  return DEDICATED_BITS + ((Math.imul(id, 0x9e3779b1) >>> 0) % HASHED_BITS);
}

/**
 * Fills `table` (16 x 256) for query tokens given as (bit, occurrences) pairs (bit -1: skip):
 * entry [k * 256 + v] is the occurrences that byte value v of signature byte k may hold.
 */
export function fillSignatureTable(
  table: Int32Array,
  bits: Int32Array,
  weights: Int32Array,
  count: number,
): void {
  table.fill(0);
  for (let i = 0; i < count; i++) {
    const bit = bits[i]!;
    if (bit < 0) continue;
    table[(bit >>> 3) * 256 + (1 << (bit & 7))]! += weights[i]!;
  }
  // Every byte value sums its bits: v = its lowest bit + the rest.
  for (let byte = 0; byte < SIGNATURE_WORDS * 4; byte++) {
    const base = byte * 256;
    for (let v = 3; v < 256; v++) {
      const lowest = v & -v;
      if (lowest !== v) table[base + v] = table[base + lowest]! + table[base + (v ^ lowest)]!;
    }
  }
}

/** The overlap bound of the signature at words[at, at + 4). */
export function signatureBound(table: Int32Array, words: Int32Array, at: number): number {
  const a = words[at]!;
  const b = words[at + 1]!;
  const c = words[at + 2]!;
  const d = words[at + 3]!;
  return (
    table[a & 255]! +
    table[256 + ((a >>> 8) & 255)]! +
    table[512 + ((a >>> 16) & 255)]! +
    table[768 + (a >>> 24)]! +
    table[1024 + (b & 255)]! +
    table[1280 + ((b >>> 8) & 255)]! +
    table[1536 + ((b >>> 16) & 255)]! +
    table[1792 + (b >>> 24)]! +
    table[2048 + (c & 255)]! +
    table[2304 + ((c >>> 8) & 255)]! +
    table[2560 + ((c >>> 16) & 255)]! +
    table[2816 + (c >>> 24)]! +
    table[3072 + (d & 255)]! +
    table[3328 + ((d >>> 8) & 255)]! +
    table[3584 + ((d >>> 16) & 255)]! +
    table[3840 + (d >>> 24)]!
  );
}
