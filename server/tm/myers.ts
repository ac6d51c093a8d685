/**
 * Bit-parallel Levenshtein distance over token ids (Myers 1999, in Hyyrö's formulation for the
 * global distance), the query being the pattern: bit i of a column vector stands for query token i.
 *
 * `peq` holds, for each token id, the bit mask of the query positions that carry it (built once
 * per query by `QueryPattern`). A text token costs a handful of 32-bit operations: no allocation,
 * no branches but the score update. Queries longer than 32 tokens use blocks of 32 bits chained
 * by the horizontal carry (Hyyrö 2003, as in edlib).
 */

/** Distance between a query of n <= 32 tokens (its masks in `peq`) and text[from, to). */
export function myers32(
  peq: Int32Array,
  n: number,
  text: Int32Array,
  from: number,
  to: number,
): number {
  let pv = -1;
  let mv = 0;
  let score = n;
  const high = 1 << (n - 1);
  for (let j = from; j < to; j++) {
    const eq = peq[text[j]!]!;
    const xv = eq | mv;
    // The sum may carry out of 32 bits; `| 0` keeps the low word, which is what the algorithm uses.
    const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & high) score++;
    else if (mh & high) score--;
    // Row 0 of the global distance grows by one per column: a +1 enters at the bottom bit.
    ph = (ph << 1) | 1;
    mh <<= 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  return score;
}

/**
 * Distance for a query of 33 to 64 tokens: the two-block case of `myersBlocks` with its state in
 * locals (the common long sentence), `peqBlocks[local * 2 + b]`.
 */
export function myers64(
  peqBlocks: Int32Array,
  localOf: Int32Array,
  n: number,
  text: Int32Array,
  from: number,
  to: number,
): number {
  let pv0 = -1;
  let mv0 = 0;
  let pv1 = -1;
  let mv1 = 0;
  let score = n;
  const high = 1 << ((n - 1) & 31);
  for (let j = from; j < to; j++) {
    const row = localOf[text[j]!]! * 2;
    // Block 0: rows 0-31; a +1 enters from row 0.
    const eq0 = peqBlocks[row]!;
    const xv0 = eq0 | mv0;
    const xh0 = ((((eq0 & pv0) + pv0) | 0) ^ pv0) | eq0;
    let ph0 = mv0 | ~(xh0 | pv0);
    let mh0 = pv0 & xh0;
    const carry = (ph0 >>> 31) - (mh0 >>> 31);
    ph0 = (ph0 << 1) | 1;
    mh0 <<= 1;
    pv0 = mh0 | ~(xv0 | ph0);
    mv0 = ph0 & xv0;
    // Block 1: rows 32-63, entered by block 0's carry (-1, 0 or +1).
    const eq1 = peqBlocks[row + 1]!;
    const xv1 = eq1 | mv1;
    const e1 = eq1 | (carry >>> 31);
    const xh1 = ((((e1 & pv1) + pv1) | 0) ^ pv1) | e1;
    let ph1 = mv1 | ~(xh1 | pv1);
    let mh1 = pv1 & xh1;
    if (ph1 & high) score++;
    else if (mh1 & high) score--;
    ph1 = (ph1 << 1) | (-carry >>> 31);
    mh1 = (mh1 << 1) | (carry >>> 31);
    pv1 = mh1 | ~(xv1 | ph1);
    mv1 = ph1 & xv1;
  }
  return score;
}

/**
 * Distance for a query of any length: `blocks` words per token id in `peqBlocks`
 * (peqBlocks[local * blocks + b]), `localOf[tokenId]` the token's row there (0 = not in the query,
 * an all-zero row). `pv` and `mv` are scratch of `blocks` words.
 */
export function myersBlocks(
  peqBlocks: Int32Array,
  localOf: Int32Array,
  blocks: number,
  n: number,
  text: Int32Array,
  from: number,
  to: number,
  pv: Int32Array,
  mv: Int32Array,
): number {
  pv.fill(-1, 0, blocks);
  mv.fill(0, 0, blocks);
  let score = n;
  const last = blocks - 1;
  const lastHigh = 1 << ((n - 1) & 31);
  for (let j = from; j < to; j++) {
    const row = localOf[text[j]!]! * blocks;
    // hin: the horizontal delta entering the block from above (+1 for row 0).
    let hin = 1;
    for (let b = 0; b < blocks; b++) {
      let eq = peqBlocks[row + b]!;
      const pvb = pv[b]!;
      const mvb = mv[b]!;
      const xv = eq | mvb;
      if (hin < 0) eq |= 1;
      const xh = ((((eq & pvb) + pvb) | 0) ^ pvb) | eq;
      let ph = mvb | ~(xh | pvb);
      let mh = pvb & xh;
      const high = b === last ? lastHigh : -0x80000000;
      const hout = ph & high ? 1 : mh & high ? -1 : 0;
      ph <<= 1;
      mh <<= 1;
      if (hin < 0) mh |= 1;
      else if (hin > 0) ph |= 1;
      pv[b] = mh | ~(xv | ph);
      mv[b] = ph & xv;
      hin = hout;
    }
    score += hin;
  }
  return score;
}

/** Plain O(n·m) dynamic programming over the same ids: the reference Myers is tested against. */
export function levenshtein(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const row = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      const sub = diag + (a[i - 1] === b[j - 1] ? 0 : 1);
      row[j] = Math.min(sub, up + 1, row[j - 1]! + 1);
      diag = up;
    }
  }
  return row[b.length]!;
}
