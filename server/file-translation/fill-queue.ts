import type { ExtractedSegment } from '../formats/documents';
import type { StoredTarget } from './translation-row';

/** Segments per batch: one TM pass, one MT call and one transaction each. */
export const BATCH = 500;

/**
 * Batches being filled at once. bench/translate-file.ts, 10k-segment XLIFF, alternating runs at
 * load 2-3: 1.20x and 1.26x of the raw batch with one, 1.16x and 1.19x with two: when one drains
 * out of the last Apertium stages, the next already fills the first ones.
 */
const IN_ENGINE = 2;

/** Fills one batch (segment indices) from the segments read so far, which include its neighbours. */
export type FillBatch = (
  segments: readonly ExtractedSegment[],
  batch: number[],
) => Promise<StoredTarget[]>;

/**
 * Cuts the segments still to fill into batches while the file is being read, keeps IN_ENGINE
 * batches being filled at once, and hands them over in order (`next`). Still to fill: not stored
 * by an earlier run, and without a final translation in the file itself (an XLIFF or PO target
 * that is not fuzzy stays as it is). With `readsNeighbours` (the TM pass looks at both of a
 * segment's neighbours) a segment is batched only once the one after it has been read too, or
 * the file is read whole.
 */
export class FillQueue {
  /** Segments to fill, counted as they are batched. */
  pending = 0;
  private segments: readonly ExtractedSegment[] = [];
  private scanned = 0;
  private open: number[] = [];
  private readonly cut: number[][] = [];
  private readonly filled: { batch: number[]; targets: Promise<StoredTarget[]> }[] = [];
  private running = 0;
  private isComplete = false;
  private isStopped = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly stored: ReadonlySet<number>,
    private readonly fill: FillBatch,
    private readonly options: { readsNeighbours: boolean },
  ) {}

  /** The segments read so far (one growing array); `complete` once the file is read whole. */
  add(segments: readonly ExtractedSegment[], complete = false): void {
    this.segments = segments;
    const end = complete || !this.options.readsNeighbours ? segments.length : segments.length - 1;
    for (; this.scanned < end; this.scanned++) {
      const segment = segments[this.scanned]!;
      if (this.stored.has(segment.index)) continue;
      if (segment.target !== null && segment.target !== '' && !segment.isFuzzy) continue;
      this.open.push(segment.index);
      this.pending += 1;
      if (this.open.length === BATCH) this.cutOpen();
    }
    if (complete) {
      this.isComplete = true;
      if (this.open.length > 0) this.cutOpen();
    }
    this.launch();
  }

  /** The next batch in document order with its targets; null once every batch was handed over. */
  async next(): Promise<{ batch: number[]; targets: StoredTarget[] } | null> {
    for (;;) {
      const head = this.filled.shift();
      if (head) return { batch: head.batch, targets: await head.targets };
      if (this.isComplete && this.cut.length === 0) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** No more batches start (the work failed or was stopped); those running end on their signal. */
  stop(): void {
    this.isStopped = true;
    this.cut.length = 0;
  }

  private cutOpen(): void {
    this.cut.push(this.open);
    this.open = [];
  }

  private launch(): void {
    while (!this.isStopped && this.running < IN_ENGINE && this.cut.length > 0) {
      const batch = this.cut.shift()!;
      this.running += 1;
      const targets = this.fill(this.segments, batch);
      // Counted by what is still in the engine: a filled batch waiting for its write frees a
      // place. This handler also keeps a failure from being unhandled until `next` awaits it.
      void targets
        .finally(() => {
          this.running -= 1;
          this.launch();
        })
        .catch(() => undefined);
      this.filled.push({ batch, targets });
    }
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
