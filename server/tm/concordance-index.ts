import { IdMap } from './id-map';
import { KeyTable } from './key-table';
import { ConcordanceSide } from './concordance-side';
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

/**
 * Word lookup in a memory's units, source and target: every unit's words (concordance-words.ts)
 * interned once, posted per side (concordance-side.ts). A replaced or removed unit leaves a dead
 * slot, skipped by searches, until dead slots outnumber live ones and the index copies its live
 * units into fresh sides.
 */
export class ConcordanceIndex {
  private keys = new KeyTable();
  private encoder = new WordEncoder(this.keys);
  private sides = [new ConcordanceSide(), new ConcordanceSide()] as const;
  private ids = new Float64Array(1024);
  private alive = new Uint8Array(1024);
  private slotOf = new IdMap();
  private count = 0;
  private live = 0;

  get size(): number {
    return this.live;
  }

  /** Bytes held in typed arrays, the word keys left out (for the benchmark). */
  get bytes(): number {
    const own = this.ids.byteLength + this.alive.byteLength;
    return own + this.sides[0].bytes + this.sides[1].bytes;
  }

  reserve(units: number): void {
    this.slotOf.reserve(units + (units >> 3));
  }

  add(id: number, source: string, target: string): void {
    const existing = this.slotOf.get(id);
    if (existing >= 0) this.kill(existing, id);
    const slot = this.count++;
    if (slot === this.ids.length) {
      const ids = new Float64Array(slot * 2);
      ids.set(this.ids);
      this.ids = ids;
      const alive = new Uint8Array(slot * 2);
      alive.set(this.alive);
      this.alive = alive;
    }
    this.ids[slot] = id;
    this.alive[slot] = 1;
    this.slotOf.set(id, slot);
    this.live++;
    this.encoder.encode(source, true);
    this.sides[0].append(slot, this.encoder.ids, this.encoder.length);
    this.encoder.encode(target, true);
    this.sides[1].append(slot, this.encoder.ids, this.encoder.length);
  }

  remove(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot < 0) return false;
    this.kill(slot, id);
    return true;
  }

  search(query: ConcordanceQuery): ConcordanceResult {
    this.encoder.encode(query.text, false);
    const n = this.encoder.length;
    if (n === 0 || this.encoder.ids.subarray(0, n).includes(-1)) {
      return { hits: [], scanned: 0, capped: false };
    }
    const words = this.encoder.ids.slice(0, n);
    const sides = query.in === 'source' ? [0] : query.in === 'target' ? [1] : [0, 1];
    const found = searchSides(
      sides.map((side) => this.sides[side]!),
      words,
      this.alive,
      query.limit,
      query.maxScanned ?? MAX_SCANNED,
    );
    return {
      hits: found.hits.map((hit: ConcordanceHitSlot) => ({
        id: this.ids[hit.slot]!,
        words: hit.words,
      })),
      scanned: found.scanned,
      capped: found.capped,
    };
  }

  private kill(slot: number, id: number): void {
    this.alive[slot] = 0;
    this.slotOf.delete(id);
    this.live--;
    const dead = this.count - this.live;
    if (dead >= MIN_DEAD_SLOTS && dead > this.live) this.compact();
  }

  /** Copies the live units into fresh sides and slots (the word ids stay). */
  private compact(): void {
    const old = { sides: this.sides, ids: this.ids, alive: this.alive, count: this.count };
    this.sides = [new ConcordanceSide(), new ConcordanceSide()];
    this.ids = new Float64Array(Math.max(1024, this.live * 2));
    this.alive = new Uint8Array(this.ids.length);
    this.slotOf = new IdMap();
    this.slotOf.reserve(this.live);
    this.count = 0;
    for (let slot = 0; slot < old.count; slot++) {
      if (!old.alive[slot]) continue;
      const next = this.count++;
      this.ids[next] = old.ids[slot]!;
      this.alive[next] = 1;
      this.slotOf.set(old.ids[slot]!, next);
      for (let side = 0; side < 2; side++) {
        const from = old.sides[side]!;
        const start = from.start[slot]!;
        const n = from.length[slot]!;
        this.sides[side]!.append(next, from.pool.subarray(start, start + n), n);
      }
    }
  }
}
