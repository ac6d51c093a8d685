import type { TmHit } from './types';

/**
 * The best k hits so far: a binary min-heap whose root is the weakest hit (lowest score, then
 * lowest id, since ties go to the newest unit). Fixed arrays, reused across queries.
 */
export class TopK {
  size = 0;
  private k = 0;
  private scores = new Int32Array(8);
  private ids = new Float64Array(8);

  reset(k: number): void {
    if (k > this.scores.length) {
      this.scores = new Int32Array(k);
      this.ids = new Float64Array(k);
    }
    this.k = k;
    this.size = 0;
  }

  get isFull(): boolean {
    return this.size === this.k;
  }

  /** The score a hit must reach to have a chance (0 until full). */
  get bar(): number {
    return this.size === this.k ? this.scores[0]! : 0;
  }

  private weaker(i: number, j: number): boolean {
    const si = this.scores[i]!;
    const sj = this.scores[j]!;
    return si < sj || (si === sj && this.ids[i]! < this.ids[j]!);
  }

  private swap(i: number, j: number): void {
    const s = this.scores[i]!;
    this.scores[i] = this.scores[j]!;
    this.scores[j] = s;
    const id = this.ids[i]!;
    this.ids[i] = this.ids[j]!;
    this.ids[j] = id;
  }

  offer(score: number, id: number): void {
    if (this.size < this.k) {
      let i = this.size++;
      this.scores[i] = score;
      this.ids[i] = id;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.weaker(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.k === 0) return;
    const root = this.scores[0]!;
    if (score < root || (score === root && id < this.ids[0]!)) return;
    this.scores[0] = score;
    this.ids[0] = id;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const weakest = right < this.size && this.weaker(right, left) ? right : left;
      if (!this.weaker(weakest, i)) break;
      this.swap(weakest, i);
      i = weakest;
    }
  }

  /** The hits, best first. */
  drain(): TmHit[] {
    const hits: TmHit[] = [];
    for (let i = 0; i < this.size; i++) hits.push({ id: this.ids[i]!, score: this.scores[i]! });
    this.size = 0;
    return hits.sort((a, b) => b.score - a.score || b.id - a.id);
  }
}
