import type { ContextHash } from './context';
import { IdMap } from './id-map';
import type { SegmentEncoder } from './vocab';

export const F_ALIVE = 1;
/** The unit has numbers or inline codes: the penalty may apply. */
export const F_VARIABLE = 2;
export const F_NEIGHBOURS = 4;
export const F_KEY = 8;

/** Per-slot fields in `meta`, side by side so a candidate costs one cache line. */
export const META = 4;
export const M_START = 0;
export const M_LENGTH = 1;
export const M_FLAGS = 2;
export const M_VALUES = 3;

/**
 * `array` with room for `size` items: doubled at least, or exactly `size` when `exact`. Only
 * the `used` items are copied (a reserved array is mostly empty).
 */
function grown<T extends Int32Array | Uint32Array | Float64Array>(
  array: T,
  size: number,
  used = array.length,
  exact = false,
): T {
  if (size <= array.length) return array;
  const length = exact ? size : Math.max(size, array.length * 2);
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(used < array.length ? array.subarray(0, used) : array);
  return next;
}

/**
 * The units of an index in slots: a removed or replaced unit leaves a dead slot (flags 0) until
 * the index compacts. Tokens live in one pool of class ids; value ids (numbers and codes) in a
 * second pool, only for units that have any. `meta` holds, per slot, where its tokens start, how
 * many there are, its flags and where its values start (-1: none).
 */
export class UnitStore {
  count = 0;
  live = 0;
  meta = new Int32Array(1024 * META);
  ids = new Float64Array(1024);
  /** Per slot: neighbours hash A, B, key hash A, B. */
  context = new Uint32Array(4096);
  classes = new Int32Array(16384);
  classesUsed = 0;
  values = new Int32Array(1024);
  valuesUsed = 0;
  /** Tokens and values of the live units (what a compacted copy needs). */
  liveTokens = 0;
  liveValues = 0;
  /** Slots by unit id (none in a full scan, where ids may repeat). */
  readonly slotOf = new IdMap();
  /** Units a load announced (`reserve`) without their tokens: the pools are projected. */
  private expected = 0;
  /** The unit count at which the pools are projected next (it doubles each time). */
  private nextProjection = 1024;

  constructor(private readonly tracksIds = true) {}

  /**
   * Room for `units` units and an eighth more, so that a load does not regrow (and copy) its
   * arrays on the way, each copy a stall. The pools take `tokens` and `values` when known, else
   * they are projected as the units come (`projectPools`).
   */
  reserve(units: number, tokens?: number, values?: number): void {
    const slots = units + (units >> 3);
    const count = this.count;
    this.ids = grown(this.ids, slots, count, true);
    this.meta = grown(this.meta, slots * META, count * META, true);
    this.context = grown(this.context, slots * 4, count * 4, true);
    if (this.tracksIds) this.slotOf.reserve(slots);
    if (tokens === undefined || values === undefined) {
      this.expected = units;
      this.nextProjection = Math.max(1024, this.count * 2);
    } else {
      this.classes = grown(this.classes, tokens, this.classesUsed, true);
      this.values = grown(this.values, values, this.valuesUsed, true);
    }
  }

  /**
   * While a load announced by `reserve` runs: a pool too small for what the units so far project
   * for all of them grows to that and a quarter more. Looked at each time the count doubles, so
   * that the copies are small: a large one happens only if the units get longer late in a load.
   */
  private projectPools(): void {
    this.nextProjection *= 2;
    const scale = this.expected / this.count;
    const classes = this.classesUsed * scale;
    if (classes > this.classes.length) {
      this.classes = grown(this.classes, Math.ceil(classes * 1.25), this.classesUsed, true);
    }
    const values = this.valuesUsed * scale;
    if (values > this.values.length) {
      this.values = grown(this.values, Math.ceil(values * 1.25), this.valuesUsed, true);
    }
  }

  length(slot: number): number {
    return this.meta[slot * META + M_LENGTH]!;
  }

  start(slot: number): number {
    return this.meta[slot * META + M_START]!;
  }

  flags(slot: number): number {
    return this.meta[slot * META + M_FLAGS]!;
  }

  append(id: number, segment: SegmentEncoder, context: ContextHash): number {
    let flags = F_ALIVE;
    if (segment.hasVariable) flags |= F_VARIABLE;
    if (context.hasNeighbours) flags |= F_NEIGHBOURS;
    if (context.hasKey) flags |= F_KEY;
    const slot = this.allot(id, segment.classes, 0, segment.length, flags);
    if (segment.hasVariable) this.setValues(slot, segment.values, 0);
    const c = slot * 4;
    this.context[c] = context.neighboursA;
    this.context[c + 1] = context.neighboursB;
    this.context[c + 2] = context.keyA;
    this.context[c + 3] = context.keyB;
    return slot;
  }

  /** Appends the live unit in `slot` of another store (compaction). */
  copyFrom(other: UnitStore, slot: number): number {
    const flags = other.flags(slot);
    const from = other.start(slot);
    const next = this.allot(other.ids[slot]!, other.classes, from, other.length(slot), flags);
    if (flags & F_VARIABLE) this.setValues(next, other.values, other.meta[slot * META + M_VALUES]!);
    this.context.set(other.context.subarray(slot * 4, slot * 4 + 4), next * 4);
    return next;
  }

  kill(slot: number): void {
    const flags = this.flags(slot);
    this.liveTokens -= this.length(slot);
    if (flags & F_VARIABLE) this.liveValues -= this.length(slot);
    this.meta[slot * META + M_FLAGS] = 0;
    this.slotOf.delete(this.ids[slot]!);
    this.live--;
  }

  private allot(id: number, classes: Int32Array, from: number, n: number, flags: number): number {
    const slot = this.count++;
    if (slot === this.ids.length) {
      this.ids = grown(this.ids, slot + 1, slot);
      this.meta = grown(this.meta, (slot + 1) * META, slot * META);
      this.context = grown(this.context, (slot + 1) * 4, slot * 4);
    }
    if (this.count === this.nextProjection && this.count < this.expected) this.projectPools();
    this.classes = grown(this.classes, this.classesUsed + n, this.classesUsed);
    this.classes.set(classes.subarray(from, from + n), this.classesUsed);
    this.ids[slot] = id;
    const at = slot * META;
    this.meta[at + M_START] = this.classesUsed;
    this.meta[at + M_LENGTH] = n;
    this.meta[at + M_FLAGS] = flags;
    this.meta[at + M_VALUES] = -1;
    this.classesUsed += n;
    if (this.tracksIds) this.slotOf.set(id, slot);
    this.live++;
    this.liveTokens += n;
    return slot;
  }

  private setValues(slot: number, values: Int32Array, from: number): void {
    const n = this.length(slot);
    this.values = grown(this.values, this.valuesUsed + n, this.valuesUsed);
    this.values.set(values.subarray(from, from + n), this.valuesUsed);
    this.meta[slot * META + M_VALUES] = this.valuesUsed;
    this.valuesUsed += n;
    this.liveValues += n;
  }
}
