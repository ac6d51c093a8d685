/**
 * The penalty of score.ts over interned ids: among the alignments of least distance, the fewest
 * aligned pairs of the same class whose values differ (a number or code that changed). Plain
 * dynamic programming over (distance, penalty) packed as distance * K + penalty, K > any penalty.
 * It runs only for hits that already reach the bar and where both sides hold numbers or codes.
 */
export class PenaltyScratch {
  private prev = new Float64Array(64);
  private cur = new Float64Array(64);

  /** Returns the packed minimum: distance = floor(result / K), penalty = result % K. */
  penalty(
    aClasses: Int32Array,
    aValues: Int32Array,
    n: number,
    bClasses: Int32Array,
    bClassFrom: number,
    bValues: Int32Array,
    bValueFrom: number,
    m: number,
  ): number {
    if (this.prev.length <= m) {
      this.prev = new Float64Array(m * 2 + 1);
      this.cur = new Float64Array(m * 2 + 1);
    }
    const k = n + m + 1;
    let prev = this.prev;
    let cur = this.cur;
    for (let j = 0; j <= m; j++) prev[j] = j * k;
    for (let i = 1; i <= n; i++) {
      const ac = aClasses[i - 1]!;
      const av = aValues[i - 1]!;
      cur[0] = i * k;
      for (let j = 1; j <= m; j++) {
        const sameClass = ac === bClasses[bClassFrom + j - 1]!;
        const diag = prev[j - 1]! + (sameClass ? (av === bValues[bValueFrom + j - 1]! ? 0 : 1) : k);
        const up = prev[j]! + k;
        const left = cur[j - 1]! + k;
        cur[j] = diag < up ? (diag < left ? diag : left) : up < left ? up : left;
      }
      const swap = prev;
      prev = cur;
      cur = swap;
    }
    return prev[m]! % k;
  }
}
