/**
 * The filters' arithmetic. n = query tokens, m = unit tokens, L = max(n, m), d = the distance,
 * c = the multiset overlap of the two class sequences, t = the threshold (1..100).
 *
 * 1. Score and distance. base = floor(100 (L - d) / L) >= t  <=>  100 (L - d) >= t L
 *    <=>  d <= floor(L (100 - t) / 100) =: maxDistance(L, t).
 * 2. Length. d >= |n - m| (each insertion or deletion fixes one unit of length difference).
 *    For m >= n: m - n <= m (100 - t) / 100  <=>  t m <= 100 n  <=>  m <= floor(100 n / t).
 *    For m <  n: n - m <= n (100 - t) / 100  <=>  m >= ceil(t n / 100).
 * 3. Count. An alignment with M equal pairs, S substitutions, I insertions and D deletions has
 *    n = M + S + D, m = M + S + I, cost S + I + D >= L - M (as L <= M + S + I + D). Equal pairs
 *    pair equal tokens one to one, so M <= c and d >= L - c. Hence base >= t needs
 *    c >= L - maxDistance(L, t) = ceil(t L / 100) =: minOverlap(L, t).
 * 4. Prefix. Count every token occurrence apart, (token, 1st), (token, 2nd), ..., so the multiset
 *    overlap is a set intersection. Order the query's occurrences in any fixed way and let P be
 *    its first n - ceil(t n / 100) + 1. If c >= minOverlap(L, t) >= ceil(t n / 100), the overlap
 *    cannot fit in the other ceil(t n / 100) - 1 occurrences, so some (token, k-th) of P is in the
 *    unit: the unit is in the posting list of `token`. The order may be anything, so it is the
 *    CURRENT rarity (list lengths at query time): adds and removes never make it stale. Every
 *    token of every unit is indexed; nothing depends on when a unit was added.
 */

/** ceil(a / b) for a >= 0, b > 0 integers. */
const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);

export function maxDistance(l: number, t: number): number {
  return Math.floor((l * (100 - t)) / 100);
}

export function minUnitLength(n: number, t: number): number {
  return Math.max(1, ceilDiv(t * n, 100));
}

export function maxUnitLength(n: number, t: number): number {
  return Math.floor((100 * n) / t);
}

export function minOverlap(l: number, t: number): number {
  return ceilDiv(t * l, 100);
}

/** How many of the query's token occurrences the prefix filter must look up (see 4). */
export function prefixLength(n: number, t: number): number {
  return n - ceilDiv(t * n, 100) + 1;
}
