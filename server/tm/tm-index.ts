import { emptyContextHash, hashUnitContext } from './context';
import { PostingLists } from './postings';
import { QueryEngine, type QueryStats } from './query-engine';
import { Ranking } from './ranking';
import type { TmHit, TmIndex, TmQuery, TmUnit } from './types';
import { UnitStore } from './unit-store';
import { SegmentEncoder, Vocabulary } from './vocab';

/** The index plus what the registry and the benchmark may use. */
export interface TmIndexWithStats extends TmIndex {
  /** Builds the lists now if a change is pending (else the next query does). */
  prepare(): void;
  /** Counters of the last query. */
  readonly lastQuery: QueryStats;
  /** How many times the lists were built (first load, drift, compaction). */
  readonly builds: number;
}

/** Units listed in the delta chains before a rebuild: at least this many... */
const MIN_DELTA_UNITS = 10_000;
/** ...or 1 / DELTA_SHARE of the units at the last build. */
const DELTA_SHARE = 4;
/** Compact when dead slots outnumber live ones, and are at least this many. */
const MIN_DEAD_SLOTS = 4096;

/**
 * Keeping the lists current:
 * - adds go to the store at once; while the lists exist, each add also lists the unit in the
 *   delta chains (postings.ts), so the very next query finds it;
 * - the lists are (re)built, with a fresh ranking, by the first query after a bulk load, when the
 *   delta has grown past a quarter of the memory (rarity has drifted), or when removed and
 *   replaced units (dead slots) outnumber live ones. Each rebuild is linear in the memory and
 *   happens after a linear number of changes, so changes cost amortized O(their tokens). The
 *   query that triggers one waits for it: about 2 s of CPU for a million units.
 * Between rebuilds every unit is listed under the ranking it was sorted with; that ranking never
 * changes until the rebuild re-sorts them all, which is what exactness needs (ranking.ts).
 */
class Index implements TmIndexWithStats {
  private readonly vocab = new Vocabulary();
  private readonly encoder = new SegmentEncoder(this.vocab);
  private readonly context = emptyContextHash();
  private readonly ranking = new Ranking();
  private readonly lists = new PostingLists();
  private store = new UnitStore();
  private engine = new QueryEngine(this.store, this.lists, this.ranking, this.vocab);
  private needsBuild = true;
  private builtUnits = 0;
  private deltaUnits = 0;
  builds = 0;

  get size(): number {
    return this.store.live;
  }

  get lastQuery(): QueryStats {
    return this.engine.stats;
  }

  add(unit: TmUnit): void {
    const existing = this.store.slotOf.get(unit.id);
    if (existing >= 0) this.store.kill(existing);
    this.encoder.encode(unit.source, true);
    hashUnitContext(unit, this.context);
    const slot = this.store.append(unit.id, this.encoder, this.context);
    if (this.needsBuild) return;
    if (this.deltaUnits >= Math.max(MIN_DELTA_UNITS, this.builtUnits / DELTA_SHARE)) {
      this.needsBuild = true;
      return;
    }
    const m = this.encoder.length;
    this.ranking.sortUnit(this.encoder.classes, 0, m);
    this.lists.addDelta(slot, m, this.ranking);
    this.deltaUnits++;
    this.checkGarbage();
  }

  remove(id: number): boolean {
    const slot = this.store.slotOf.get(id);
    if (slot < 0) return false;
    this.store.kill(slot);
    this.checkGarbage();
    return true;
  }

  query(q: TmQuery): TmHit[] {
    this.prepare();
    return this.engine.query(q);
  }

  prepare(): void {
    if (!this.needsBuild) return;
    if (this.store.count > this.store.live) this.compact();
    this.lists.build(this.store, this.ranking, this.vocab.classCount);
    this.needsBuild = false;
    this.builds++;
    this.builtUnits = this.store.live;
    this.deltaUnits = 0;
  }

  private checkGarbage(): void {
    const dead = this.store.count - this.store.live;
    if (dead >= MIN_DEAD_SLOTS && dead > this.store.live) this.needsBuild = true;
  }

  private compact(): void {
    const old = this.store;
    const store = new UnitStore();
    for (let slot = 0; slot < old.count; slot++)
      if (old.flags(slot) !== 0) store.copyFrom(old, slot);
    this.store = store;
    this.engine = new QueryEngine(store, this.lists, this.ranking, this.vocab);
  }
}

/** An empty index. Fill it with `add`; the first query (or `prepare`) builds the lists. */
export function createTmIndex(): TmIndexWithStats {
  return new Index();
}
