import { ListFill, isLate, type CollectedEntries } from './list-fill';
import { TIERS, cap, prefixCeiling, tierOf, type BuiltLists } from './postings';
import type { Ranking } from './ranking';
import { SIGNATURE_WORDS } from './signature';
import { F_ALIVE, META, M_FLAGS, M_LENGTH, M_START, type UnitStore } from './unit-store';

const NONE = new Int32Array(0);

/**
 * The passes that build the bulk of the lists (postings.ts) over the slots [0, snapshot) of a
 * store, resumable: `run` goes on where it stopped and returns at the deadline.
 * 1. count: units per token; 2. rank the tokens by it (`ranking`), and allocate;
 * 3. entries: each unit sorted in that order, its entries' groups, positions and ceilings;
 * 4. layout, order and fill (list-fill.ts): the entries in their groups, sorted by length.
 * Units killed meanwhile may still be listed: a query skips dead slots. Slots never come back to
 * life, so the count of the first pass bounds the entries of the third.
 */
export class ListPasses {
  private readonly passes = [
    (deadline: number) => this.count(deadline),
    () => this.rank(),
    () => this.allocate(),
    (deadline: number) => this.collect(deadline),
    () => !!(this.filler = new ListFill(this.store, this.collected, this.built)),
    (deadline: number) => this.filler!.order(deadline),
    (deadline: number) => this.filler!.fill(deadline),
  ];
  private pass = 0;
  private cursor = 0;
  private frequency: Int32Array;
  private lastSeen: Int32Array;
  /** Distinct tokens of the units counted: the entries there will be, at most. */
  private total = 0;
  private entryCount = 0;
  private readonly collected: CollectedEntries;
  private filler: ListFill | null = null;
  private readonly built: BuiltLists;

  constructor(
    private readonly store: UnitStore,
    private readonly ranking: Ranking,
    snapshot: number,
    classCount: number,
  ) {
    this.frequency = new Int32Array(classCount);
    this.lastSeen = new Int32Array(classCount).fill(-1);
    this.built = { classCount, offsets: NONE, entries: NONE, lowOffsets: NONE, lowEntries: NONE };
    this.collected = {
      snapshot,
      listedUnits: 0,
      entryStart: NONE,
      groupOf: NONE,
      placeOf: NONE,
      unitSignature: NONE,
      groupSize: NONE,
      byLength: new Int32Array(257),
    };
  }

  /** Works until `deadline`; true once the lists are complete (`lists`). */
  run(deadline: number): boolean {
    while (this.pass < this.passes.length) {
      if (!this.passes[this.pass]!(deadline)) return false;
      this.pass++;
      this.cursor = 0;
      // Some passes allocate their arrays first: each starts with a full step.
      if (this.pass < this.passes.length && performance.now() >= deadline) return false;
    }
    this.filler = null;
    return true;
  }

  get lists(): BuiltLists {
    return this.built;
  }

  private isLive(slot: number): boolean {
    return (this.store.meta[slot * META + M_FLAGS]! & F_ALIVE) !== 0;
  }

  private count(deadline: number): boolean {
    const { classes, meta } = this.store;
    const { frequency, lastSeen } = this;
    for (let n = 1; this.cursor < this.collected.snapshot; n++) {
      const slot = this.cursor++;
      if (this.isLive(slot)) {
        const from = meta[slot * META + M_START]!;
        const to = from + meta[slot * META + M_LENGTH]!;
        for (let k = from; k < to; k++) {
          const id = classes[k]!;
          if (lastSeen[id] !== slot) {
            lastSeen[id] = slot;
            frequency[id]!++;
            this.total++;
          }
        }
      }
      if (isLate(n, deadline, 63)) return false;
    }
    return true;
  }

  private rank(): boolean {
    this.ranking.rank(this.frequency, this.built.classCount);
    this.frequency = this.lastSeen = NONE;
    return true;
  }

  private allocate(): boolean {
    const collected = this.collected;
    collected.groupOf = new Int32Array(this.total);
    collected.placeOf = new Int32Array(this.total);
    collected.entryStart = new Int32Array(collected.snapshot + 1);
    collected.unitSignature = new Int32Array(collected.snapshot * SIGNATURE_WORDS);
    collected.groupSize = new Int32Array(this.built.classCount * TIERS + 1);
    return true;
  }

  /** Each unit's entries (group; position and ceiling), counted per group. */
  private collect(deadline: number): boolean {
    const { classes, meta } = this.store;
    const ranking = this.ranking;
    const collected = this.collected;
    const { snapshot, entryStart, groupOf, placeOf, groupSize, byLength } = collected;
    let e = this.entryCount;
    for (let n = 1; this.cursor < snapshot; n++) {
      const slot = this.cursor++;
      entryStart[slot] = e;
      const m = meta[slot * META + M_LENGTH]!;
      if (m > 0 && this.isLive(slot)) {
        collected.listedUnits++;
        byLength[cap(m) + 1]!++;
        const from = meta[slot * META + M_START]!;
        ranking.sortUnit(classes, from, from + m);
        collected.unitSignature.set(ranking.signature, slot * SIGNATURE_WORDS);
        for (let d = 0; d < ranking.distinctCount; d++) {
          const j = ranking.firstPositions[d]!;
          const ceiling = prefixCeiling(m, j);
          const group = ranking.ids[d]! * TIERS + tierOf(ceiling);
          groupOf[e] = group;
          placeOf[e] = (cap(j) << 8) | (ceiling << 16);
          groupSize[group]!++;
          e++;
        }
      }
      if (isLate(n, deadline, 63)) break;
    }
    this.entryCount = e;
    entryStart[this.cursor] = e;
    return this.cursor === snapshot;
  }
}
