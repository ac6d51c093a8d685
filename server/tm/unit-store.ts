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

function grown<T extends Int32Array | Uint32Array | Float64Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
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
  /** Slots by unit id (none in a full scan, where ids may repeat). */
  readonly slotOf = new IdMap();

  constructor(private readonly tracksIds = true) {}

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
    const slot = this.reserve(id, segment.classes, 0, segment.length, flags);
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
    const next = this.reserve(other.ids[slot]!, other.classes, from, other.length(slot), flags);
    if (flags & F_VARIABLE) this.setValues(next, other.values, other.meta[slot * META + M_VALUES]!);
    this.context.set(other.context.subarray(slot * 4, slot * 4 + 4), next * 4);
    return next;
  }

  kill(slot: number): void {
    this.meta[slot * META + M_FLAGS] = 0;
    this.slotOf.delete(this.ids[slot]!);
    this.live--;
  }

  private reserve(id: number, classes: Int32Array, from: number, n: number, flags: number): number {
    const slot = this.count++;
    if (slot === this.ids.length) {
      this.ids = grown(this.ids, slot + 1);
      this.meta = grown(this.meta, (slot + 1) * META);
      this.context = grown(this.context, (slot + 1) * 4);
    }
    this.classes = grown(this.classes, this.classesUsed + n);
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
    return slot;
  }

  private setValues(slot: number, values: Int32Array, from: number): void {
    const n = this.length(slot);
    this.values = grown(this.values, this.valuesUsed + n);
    this.values.set(values.subarray(from, from + n), this.valuesUsed);
    this.meta[slot * META + M_VALUES] = this.valuesUsed;
    this.valuesUsed += n;
  }
}
