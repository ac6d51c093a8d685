import { KeyTable } from './key-table';
import { ConcordanceSlots } from './concordance-slots';
import { searchSides, type ConcordanceHitSlot } from './concordance-search';
import { WordEncoder } from './concordance-words';

export type ConcordanceIn = 'source' | 'target' | 'both';

export interface ConcordanceQuery {
  /** A word or a phrase (its words consecutive, in order), whole words only. */
  text: string;
  in: ConcordanceIn;
  /** How many units at most. */
  limit: number;
  /** Candidates looked at, at most (default MAX_SCANNED). */
  maxScanned?: number;
}

/** One unit found, best first: fewer words on its matching side, then the newest. */
export interface ConcordanceHit {
  id: number;
  /** The words of the shortest side that holds the phrase. */
  words: number;
}

export interface ConcordanceResult {
  hits: ConcordanceHit[];
  /** Candidates looked at (units holding the query's rarest word, shortest first). */
  scanned: number;
  /** True when candidates were left unseen: longer units holding the phrase may be missing. */
  capped: boolean;
}

/** The default cap: about 5 ms of candidates on one core. */
export const MAX_SCANNED = 200_000;
/** Compact once dead slots outnumber live ones and are at least this many. */
const MIN_DEAD_SLOTS = 4096;
/** Slots a compaction copies per add, removal or search: about a millisecond of CPU. */
export const COMPACT_STEP = 256;

/**
 * Word lookup in a memory's units, source and target: every unit's words (concordance-words.ts)
 * interned once, posted per side (concordance-side.ts) in slots (concordance-slots.ts). A
 * replaced or removed unit leaves a dead slot, skipped by searches. Once dead slots outnumber
 * live ones, a compaction copies the live slots into fresh ones, `COMPACT_STEP` slots with each
 * add, removal or search, so none holds the thread for long; meanwhile the old slots answer and
 * take the adds (the copy catches up with them), and a removal kills the unit in both.
 */
export class ConcordanceIndex {
  private keys = new KeyTable();
  private encoder = new WordEncoder(this.keys);
  private slots = new ConcordanceSlots();
  /** While compacting: the fresh slots, and the next old slot to copy. */
  private next: ConcordanceSlots | null = null;
  private copied = 0;
  /** Compactions finished (for tests). */
  compactions = 0;

  get size(): number {
    return this.slots.live;
  }

  /** Whether a compaction is under way. */
  get isCompacting(): boolean {
    return this.next !== null;
  }

  /** Bytes held in typed arrays, the word keys left out (for the benchmark). */
  get bytes(): number {
    return this.slots.bytes + (this.next?.bytes ?? 0);
  }

  /** Makes room for `units` units before a load (the word pools still grow as they fill). */
  reserve(units: number): void {
    if (this.slots.count === 0) this.slots = new ConcordanceSlots(units + (units >> 3));
  }

  add(id: number, source: string, target: string): void {
    this.compactStep();
    this.kill(id);
    const slot = this.slots.open(id);
    this.encoder.encode(source, true);
    this.slots.sides[0].append(slot, this.encoder.ids, this.encoder.length);
    this.encoder.encode(target, true);
    this.slots.sides[1].append(slot, this.encoder.ids, this.encoder.length);
  }

  remove(id: number): boolean {
    this.compactStep();
    return this.kill(id);
  }

  search(query: ConcordanceQuery): ConcordanceResult {
    this.compactStep();
    this.encoder.encode(query.text, false);
    const n = this.encoder.length;
    if (n === 0 || this.encoder.ids.subarray(0, n).includes(-1)) {
      return { hits: [], scanned: 0, capped: false };
    }
    const words = this.encoder.ids.slice(0, n);
    const sides = query.in === 'source' ? [0] : query.in === 'target' ? [1] : [0, 1];
    const { slots } = this;
    const found = searchSides(
      sides.map((side) => slots.sides[side]!),
      words,
      slots.alive,
      query.limit,
      query.maxScanned ?? MAX_SCANNED,
    );
    return {
      hits: found.hits.map((hit: ConcordanceHitSlot) => ({
        id: slots.ids[hit.slot]!,
        words: hit.words,
      })),
      scanned: found.scanned,
      capped: found.capped,
    };
  }

  /** Kills the unit in the old slots and, once copied, in the fresh ones; starts a compaction. */
  private kill(id: number): boolean {
    if (!this.slots.kill(id)) return false;
    this.next?.kill(id);
    const { dead, live } = this.slots;
    if (!this.next && dead >= MIN_DEAD_SLOTS && dead > live) {
      // Sized for the live units and the words of all: the copy does not regrow.
      this.next = new ConcordanceSlots(live + (live >> 3), this.slots);
      this.copied = 0;
    }
    return true;
  }

  /** Copies up to `COMPACT_STEP` live slots; the fresh slots take over once all are copied. */
  private compactStep(): void {
    const { next, slots } = this;
    if (!next) return;
    const end = Math.min(slots.count, this.copied + COMPACT_STEP);
    for (let slot = this.copied; slot < end; slot++) if (slots.alive[slot]) next.copy(slots, slot);
    this.copied = end;
    if (end < slots.count) return;
    this.slots = next;
    this.next = null;
    this.compactions++;
  }

  /** Finishes a compaction under way at once (for tests and the benchmark). */
  compactNow(): void {
    while (this.next) this.compactStep();
  }
}
