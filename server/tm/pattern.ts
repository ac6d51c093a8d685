import { myers32, myers64, myersBlocks } from './myers';
import { META, M_LENGTH, M_START } from './unit-store';

/**
 * A query compiled for Myers: the match masks of its tokens, its distinct tokens and how often
 * each occurs. Arrays indexed by class id grow with the vocabulary and are cleared token by token
 * after each query, so a query costs O(its own length) to set up, whatever the vocabulary size.
 */
export class QueryPattern {
  n = 0;
  blocks = 1;
  /** Distinct class ids of the query, and how often each occurs. */
  distinct = new Int32Array(64);
  multiplicity = new Int32Array(64);
  distinctCount = 0;

  private peq = new Int32Array(1024);
  /** 1-based row of a class id in `peqBlocks`; 0 when the id is not in the query. */
  private localOf = new Int32Array(1024);
  private peqBlocks = new Int32Array(64);
  private pv = new Int32Array(2);
  /** Per distinct query token, for `overlap`: which call last touched it, how many it used. */
  private usedStamp = new Int32Array(64);
  private used = new Int32Array(64);
  private overlapCall = 0;
  private mv = new Int32Array(2);

  set(classes: Int32Array, n: number, classCount: number): void {
    this.clear();
    if (this.localOf.length < classCount) {
      this.peq = new Int32Array(classCount * 2);
      this.localOf = new Int32Array(classCount * 2);
    }
    if (this.distinct.length < n + 1) {
      this.distinct = new Int32Array(n * 2 + 1);
      this.multiplicity = new Int32Array(n * 2 + 1);
      this.usedStamp = new Int32Array(n * 2 + 1);
      this.used = new Int32Array(n * 2 + 1);
      this.overlapCall = 0;
    }
    this.n = n;
    this.blocks = Math.max(1, (n + 31) >>> 5);
    const blocks = this.blocks;
    if (this.peqBlocks.length < (n + 1) * blocks)
      this.peqBlocks = new Int32Array((n + 1) * blocks * 2);
    if (this.pv.length < blocks) {
      this.pv = new Int32Array(blocks);
      this.mv = new Int32Array(blocks);
    }
    for (let i = 0; i < n; i++) {
      const id = classes[i]!;
      let local = this.localOf[id]!;
      if (local === 0) {
        local = ++this.distinctCount;
        this.localOf[id] = local;
        this.distinct[local - 1] = id;
        this.multiplicity[local - 1] = 0;
      }
      this.multiplicity[local - 1]!++;
      if (n <= 32) this.peq[id]! |= 1 << i;
      else this.peqBlocks[local * blocks + (i >>> 5)]! |= 1 << (i & 31);
    }
  }

  /** Edit distance between the query and text[from, to) (class ids). */
  distance(text: Int32Array, from: number, to: number): number {
    if (this.n <= 32) return myers32(this.peq, this.n, text, from, to);
    if (this.n <= 64) return myers64(this.peqBlocks, this.localOf, this.n, text, from, to);
    return myersBlocks(
      this.peqBlocks,
      this.localOf,
      this.blocks,
      this.n,
      text,
      from,
      to,
      this.pv,
      this.mv,
    );
  }

  /**
   * The multiset overlap between the query and text[from, to), or any number below `need` as soon
   * as `need` is out of reach. The count filter's exact form: cheaper than Myers on long queries,
   * and it needs only the tokens, not their order.
   */
  overlap(text: Int32Array, from: number, to: number, need: number): number {
    const localOf = this.localOf;
    const multiplicity = this.multiplicity;
    const usedStamp = this.usedStamp;
    const used = this.used;
    const call = ++this.overlapCall;
    let shared = 0;
    for (let j = from; j < to; j++) {
      if (shared + (to - j) < need) return shared;
      const local = localOf[text[j]!]! - 1;
      if (local < 0) continue;
      if (usedStamp[local] !== call) {
        usedStamp[local] = call;
        used[local] = 0;
      }
      if (used[local]! < multiplicity[local]!) {
        used[local]!++;
        shared++;
      }
    }
    return shared;
  }

  /**
   * Distances to every unit of a store at once (full scan): `out[slot]`. The one-word case is
   * inlined, which halves the cost per unit.
   */
  distanceAll(classes: Int32Array, meta: Int32Array, count: number, out: Int32Array): void {
    const n = this.n;
    if (n > 32) {
      for (let slot = 0; slot < count; slot++) {
        const from = meta[slot * META + M_START]!;
        out[slot] = this.distance(classes, from, from + meta[slot * META + M_LENGTH]!);
      }
      return;
    }
    const peq = this.peq;
    const high = 1 << (n - 1);
    for (let slot = 0; slot < count; slot++) {
      const from = meta[slot * META + M_START]!;
      const to = from + meta[slot * META + M_LENGTH]!;
      let pv = -1;
      let mv = 0;
      let score = n;
      for (let j = from; j < to; j++) {
        const eq = peq[classes[j]!]!;
        const xv = eq | mv;
        const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
        let ph = mv | ~(xh | pv);
        let mh = pv & xh;
        if (ph & high) score++;
        else if (mh & high) score--;
        ph = (ph << 1) | 1;
        mh <<= 1;
        pv = mh | ~(xv | ph);
        mv = ph & xv;
      }
      out[slot] = score;
    }
  }

  private clear(): void {
    const blocks = this.blocks;
    for (let i = 0; i < this.distinctCount; i++) {
      const id = this.distinct[i]!;
      this.peq[id] = 0;
      this.localOf[id] = 0;
      this.peqBlocks.fill(0, (i + 1) * blocks, (i + 2) * blocks);
    }
    this.distinctCount = 0;
  }
}
