import {
  ConcordanceIndex,
  type ConcordanceQuery,
  type ConcordanceResult,
} from './concordance-index';

export type ConcordanceState = 'off' | 'built' | 'building';

/**
 * A memory's concordance index, made only when first searched (most translators never use it,
 * and it costs about four times the fuzzy index to fill). `off`: adds and removals are ignored.
 * `building`: a `ConcordanceBuild` fills a fresh index from the memory's units while the adds and
 * removals go to it as they come. `built`: the index answers and follows every change.
 */
export class LazyConcordance {
  private index: ConcordanceIndex | null = null;
  private build: ConcordanceBuild | null = null;

  get state(): ConcordanceState {
    return this.index ? 'built' : this.build ? 'building' : 'off';
  }

  /** The index once built (null before). */
  get built(): ConcordanceIndex | null {
    return this.index;
  }

  /** The build under way, if one is. */
  get building(): ConcordanceBuild | null {
    return this.build;
  }

  /** Bytes held in typed arrays (0 while off). */
  get bytes(): number {
    return (this.index ?? this.build?.index)?.bytes ?? 0;
  }

  add(id: number, source: string, target: string): void {
    if (this.index) this.index.add(id, source, target);
    else this.build?.fed(id, source, target);
  }

  remove(id: number): void {
    if (this.index) this.index.remove(id);
    else this.build?.fed(id, null, null);
  }

  /**
   * Starts a build of a memory of about `total` units: from now on every add and removal reaches
   * it, so the owner reads the units only after this call (see `ConcordanceBuild`).
   */
  startBuild(total: number): ConcordanceBuild {
    if (this.state !== 'off') throw new Error(`The concordance index is ${this.state} already`);
    this.build = new ConcordanceBuild(total, (build, isDone) => {
      if (this.build !== build) return;
      this.build = null;
      if (isDone) this.index = build.index;
    });
    return this.build;
  }

  /** The hits, or null until the index is built. */
  search(query: ConcordanceQuery): ConcordanceResult | null {
    return this.index?.search(query) ?? null;
  }
}

/**
 * One fill of a concordance index. The owner reads the memory's units after `startBuild` and
 * hands them over with `read`, in any order; meanwhile the changes committed go to `fed` as they
 * are applied. A change committed before the start is in every read; one committed after it is
 * fed. A unit that was fed is never taken from a read: the read may have run before the change
 * and hold an older state (or a removed unit), and the feed brings any later state anyway.
 */
export class ConcordanceBuild {
  readonly index = new ConcordanceIndex();
  /** Units read so far. */
  done = 0;
  private readonly fedIds = new Set<number>();

  constructor(
    /** The units the memory had at the start (for progress). */
    readonly total: number,
    private readonly settle: (build: ConcordanceBuild, isDone: boolean) => void,
  ) {
    this.index.reserve(total);
  }

  /** A change applied: the unit's latest state (null texts: removed). */
  fed(id: number, source: string | null, target: string | null): void {
    this.fedIds.add(id);
    if (source === null || target === null) this.index.remove(id);
    else this.index.add(id, source, target);
  }

  /** A unit read from the database. */
  read(id: number, source: string, target: string): void {
    this.done++;
    if (!this.fedIds.has(id)) this.index.add(id, source, target);
  }

  /** Every unit was read: the index answers from now on. */
  finish(): void {
    this.fedIds.clear();
    this.settle(this, true);
  }

  /** Given up (the memory's index was dropped, or a read failed): the next search starts over. */
  abandon(): void {
    this.fedIds.clear();
    this.settle(this, false);
  }
}
