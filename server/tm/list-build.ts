import { isLate } from './list-fill';
import { ListPasses } from './list-passes';
import { PostingLists } from './postings';
import { Ranking } from './ranking';
import { UnitStore } from './unit-store';
import type { Vocabulary } from './vocab';

/**
 * One (re)build of an index's lists, a step at a time, while the index goes on with its old
 * lists: adds, removals and queries may come between any two steps.
 *
 * 1. compaction (when the store has dead slots): the live units are copied into a new store;
 * 2. the passes of list-passes.ts build new lists, with a new ranking, over the units present
 *    when the copy ended (the snapshot);
 * 3. catch-up: units added since the snapshot (appended to the index's store, and copied first
 *    when compacting) go to the new lists' delta, as adds after a build do.
 * A unit removed during the build is dead in the old store, which the new one shares unless it
 * is a copy; `forget` kills it in the copy. The index swaps to the new store, ranking and lists
 * in the step that finishes the catch-up, so nothing can come between.
 */
export class ListBuild {
  readonly ranking = new Ranking();
  readonly lists = new PostingLists();
  /** The units of the new lists: the index's store, or its compacted copy. */
  readonly store: UnitStore;
  /** Units listed in the new lists' delta (added during the build). */
  deltaUnits = 0;
  private passes: ListPasses | null = null;
  /** Slots of `store` below this are in the new lists. */
  private listed = 0;
  /** Slots of `source` the copy has been through. */
  private copied = 0;
  private adopted = false;
  private isDone = false;

  constructor(
    private readonly source: UnitStore,
    private readonly vocab: Vocabulary,
    compact: boolean,
  ) {
    if (!compact) {
      this.store = source;
      return;
    }
    // Sized once for what is live (and some growth meanwhile): no regrowing while copying.
    const room = (n: number) => n + (n >> 3);
    this.store = new UnitStore();
    this.store.reserve(source.live, room(source.liveTokens), room(source.liveValues));
  }

  /** Works until `deadline` (performance.now()); true once the new lists are complete. */
  step(deadline: number): boolean {
    if (this.isDone) return true;
    if (!this.passes) {
      if (!this.copy(deadline)) return false;
      this.listed = this.store.count;
      this.passes = new ListPasses(this.store, this.ranking, this.listed, this.vocab.classCount);
    }
    if (!this.passes.run(deadline)) return false;
    if (!this.adopted) {
      this.lists.adopt(this.passes.lists);
      this.adopted = true;
    }
    this.isDone = this.catchUp(deadline);
    return this.isDone;
  }

  /** A unit removed from the index meanwhile: dead in the copy too. */
  forget(id: number): void {
    if (this.store === this.source) return;
    const slot = this.store.slotOf.get(id);
    if (slot >= 0) this.store.kill(slot);
  }

  /** Copies the source's live units not copied yet (compacting builds). */
  private copy(deadline: number): boolean {
    const { source, store } = this;
    if (store === source) return true;
    for (let n = 1; this.copied < source.count; n++) {
      const slot = this.copied++;
      if (source.flags(slot) !== 0) store.copyFrom(source, slot);
      if (isLate(n, deadline)) return false;
    }
    return true;
  }

  /** Lists the units added since the snapshot in the new delta, under the new ranking. */
  private catchUp(deadline: number): boolean {
    const { store, ranking } = this;
    for (let n = 1; ; n++) {
      if (!this.copy(deadline)) return false;
      if (this.listed === store.count) return true;
      const slot = this.listed++;
      if (store.flags(slot) !== 0) {
        const from = store.start(slot);
        const m = store.length(slot);
        ranking.sortUnit(store.classes, from, from + m);
        this.lists.addDelta(slot, m, ranking);
        this.deltaUnits++;
      }
      if (isLate(n, deadline, 63)) return false;
    }
  }
}
