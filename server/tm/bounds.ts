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
 * 4. Prefix (both sides). Count every token occurrence apart, (token, 1st), (token, 2nd), ..., so
 *    the multiset overlap is a set intersection, and sort the occurrences of the query and of
 *    every unit by ONE fixed total order (ranking.ts: rarest first, ties by occurrence number).
 *    Let e be the smallest shared occurrence. All c shared occurrences are >= e, so at most
 *    n - pos_q(e) query occurrences can hold them: pos_q(e) <= n - c, and likewise
 *    pos_u(e) <= m - c. With c >= minOverlap(L, t) >= ceil(t n / 100) and >= ceil(t m / 100), e is
 *    among the first prefixLength(n, t) = n - ceil(t n / 100) + 1 occurrences of the query AND the
 *    first prefixLength(m, t) of the unit. So it is enough to list each unit under the tokens of
 *    its own prefix, tagged with the highest t for which they are in it (postings.ts "ceiling"),
 *    and to look up the query's prefix. A token's first occurrence is never after its k-th, so
 *    listing a unit once per token, at its first position, loses nothing.
 * 5. Position. Meeting a unit first through the token whose first occurrences sit at query
 *    position i and unit position j (query tokens are looked up in the global order), no smaller
 *    occurrence is shared, so c <= min(n - i, m - j). At a later meeting, the shared occurrences
 *    before the token were all met (they sit before it in both prefixes): c <= met + min(n - i,
 *    m - j). The shared occurrences never met come after the last met one in both orders and
 *    past one of the prefixes: c <= met + max(n - pQ, m - pU).
 * 6. Signature (signature.ts): c <= the query occurrences whose token's bit is set in the unit.
 * Every bound is an upper bound of c, so a unit failing any of them cannot reach t (3).
 * Exactness under adds: the order must be the same for every unit listed and for the query. It
 * is frozen between rebuilds (ranking.ts): new tokens take new ranks before all others, and no
 * listed unit's order ever changes until a rebuild re-sorts them all.
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
