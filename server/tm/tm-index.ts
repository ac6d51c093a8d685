import { emptyContextHash, hashUnitContext } from './context';
import { ListBuild } from './list-build';
import { PostingLists } from './postings';
import { QueryEngine, type QueryStats } from './query-engine';
import { Ranking } from './ranking';
import type { TmHit, TmIndex, TmQuery, TmUnit } from './types';
import { UnitStore } from './unit-store';
import { SegmentEncoder, Vocabulary } from './vocab';

/** The index plus what the registry and the benchmark may use. */
export interface TmIndexWithStats extends TmIndex {
  /** Finishes a pending build now, in one go (else the next query does, unless deferred). */
  prepare(): void;
  /** See `TmIndex.buildStep`: a step of the pending build (list-build.ts). */
  buildStep(budgetMs: number): boolean;
  reserve(units: number): void;
  /** Counters of the last query. */
  readonly lastQuery: QueryStats;
  /** How many times the lists were built (first load, drift, compaction). */
  readonly builds: number;
}

export interface TmIndexOptions {
  /**
   * Defers rebuilds to the owner: once the lists exist, no add, removal or query builds; when a
   * rebuild becomes due the index calls this (once), and the owner runs `buildStep` until it
   * answers true, yielding between steps. Meanwhile queries answer from the old lists and the
   * units listed since (exact, a little slower). Without it the next query builds, in one go.
   */
  onBuildNeeded?: () => void;
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
 * - the lists are (re)built, with a fresh ranking, after a bulk load, when the delta has grown
 *   past a quarter of the memory (rarity has drifted), or when removed and replaced units (dead
 *   slots) outnumber live ones. Each rebuild is linear in the memory and happens after a linear
 *   number of changes, so changes cost amortized O(their tokens). A build runs in steps
 *   (list-build.ts), which the owner spreads over turns of the event loop (`onBuildNeeded`,
 *   `buildStep`), or all at once in the query that finds it due (about 2 s of CPU for a million
 *   units).
 * Between rebuilds every unit is listed under the ranking it was sorted with; that ranking never
 * changes until the rebuild re-sorts them all, which is what exactness needs (ranking.ts).
 */
class Index implements TmIndexWithStats {
  private readonly vocab = new Vocabulary();
  private readonly encoder = new SegmentEncoder(this.vocab);
  private readonly context = emptyContextHash();
  private ranking = new Ranking();
  private lists = new PostingLists();
  private store = new UnitStore();
  private engine = new QueryEngine(this.store, this.lists, this.ranking, this.vocab);
  /** The lists have been built (every add since is in the delta, unless a build is due). */
  private hasLists = false;
  /** A build is due, or running (`build`). */
  private needsBuild = true;
  private build: ListBuild | null = null;
  private builtUnits = 0;
  private deltaUnits = 0;
  builds = 0;

  constructor(private readonly onBuildNeeded?: () => void) {}

  get size(): number {
    return this.store.live;
  }

  get lastQuery(): QueryStats {
    return this.engine.stats;
  }

  reserve(units: number): void {
    this.store.reserve(units);
  }

  add(unit: TmUnit): void {
    const existing = this.store.slotOf.get(unit.id);
    if (existing >= 0) this.kill(existing, unit.id);
    this.encoder.encode(unit.source, true);
    hashUnitContext(unit, this.context);
    const slot = this.store.append(unit.id, this.encoder, this.context);
    // A unit left out of the delta is listed by the build to come: the query waits for that
    // build, unless it is deferred, in which case the old lists must go on listing every unit.
    if (!this.hasLists || (this.needsBuild && !this.onBuildNeeded)) return;
    if (this.hasDrifted()) {
      this.buildIsDue();
      if (!this.onBuildNeeded) return;
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
    this.kill(slot, id);
    this.checkGarbage();
    return true;
  }

  query(q: TmQuery): TmHit[] {
    // Deferred: the old lists answer until the new ones are in (the first ones excepted).
    if (this.needsBuild && (!this.onBuildNeeded || !this.hasLists)) this.prepare();
    return this.engine.query(q);
  }

  prepare(): void {
    while (!this.buildStep(Infinity));
  }

  /**
   * Runs the pending build for about `budgetMs` (a step, list-build.ts); true once no build is
   * pending. A build that finishes swaps the new lists in; if the changes that came in meanwhile
   * make another one due, the answer is false and the next steps run it.
   */
  buildStep(budgetMs: number): boolean {
    if (!this.needsBuild) return true;
    const deadline = performance.now() + budgetMs;
    // Dead slots are left behind by a copy of the live units (compaction).
    this.build ??= new ListBuild(this.store, this.vocab, this.store.count > this.store.live);
    if (!this.build.step(deadline)) return false;
    const { store, ranking, lists, deltaUnits } = this.build;
    this.build = null;
    this.store = store;
    this.ranking = ranking;
    this.lists = lists;
    this.engine = new QueryEngine(store, lists, ranking, this.vocab);
    this.hasLists = true;
    this.needsBuild = false;
    this.builds++;
    this.builtUnits = store.live - deltaUnits;
    this.deltaUnits = deltaUnits;
    // Changes during the build may have made the next one due already: the caller goes on.
    this.needsBuild = this.hasDrifted() || this.hasGarbage();
    return !this.needsBuild;
  }

  private kill(slot: number, id: number): void {
    this.store.kill(slot);
    this.build?.forget(id);
  }

  private buildIsDue(): void {
    if (this.needsBuild) return;
    this.needsBuild = true;
    this.onBuildNeeded?.();
  }

  private checkGarbage(): void {
    if (this.hasGarbage()) this.buildIsDue();
  }

  /** The delta holds enough units for rarity to have drifted. */
  private hasDrifted(): boolean {
    return this.deltaUnits >= Math.max(MIN_DELTA_UNITS, this.builtUnits / DELTA_SHARE);
  }

  /** Dead slots outnumber live ones. */
  private hasGarbage(): boolean {
    const dead = this.store.count - this.store.live;
    return dead >= MIN_DEAD_SLOTS && dead > this.store.live;
  }
}

/**
 * An empty index. Fill it with `add`; the first query (or `prepare`, or `buildStep` until it
 * answers true) builds the lists.
 */
export function createTmIndex(options: TmIndexOptions = {}): TmIndexWithStats {
  return new Index(options.onBuildNeeded);
}
