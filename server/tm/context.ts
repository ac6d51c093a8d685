import type { TmQuery, TmUnit } from './types';

/**
 * The 101 rule: an exact match scores 101 when its context matches too, that is
 * - the same non-null context key, or
 * - the same previous AND next source segment, compared as strings. The query must give both
 *   (`undefined` means "not known"); `null` means "no segment there" (start or end of a document)
 *   and equals `null`, but two units with no neighbour on either side have no context to share.
 */
export function contextMatches(q: TmQuery, unit: TmUnit): boolean {
  if (q.contextKey != null && q.contextKey === unit.contextKey) return true;
  if (q.prevSource === undefined || q.nextSource === undefined) return false;
  if (q.prevSource === null && q.nextSource === null) return false;
  return q.prevSource === unit.prevSource && q.nextSource === unit.nextSource;
}

/**
 * The index keeps contexts as 64-bit hashes (two independent 32-bit hashes) rather than the
 * strings, which would double its memory. A false 101 needs both hashes of different strings to
 * collide: about 2^-64 per comparison.
 */
export interface ContextHash {
  hasNeighbours: boolean;
  neighboursA: number;
  neighboursB: number;
  hasKey: boolean;
  keyA: number;
  keyB: number;
}

function mix(h: number, v: number): number {
  h = Math.imul(h ^ v, 0x5bd1e995);
  return h ^ (h >>> 15);
}

function hashInto(h: number, s: string | null): number {
  if (s === null) return mix(h, 0x7fffffff);
  h = mix(h, s.length);
  for (let i = 0; i < s.length; i++) h = mix(h, s.charCodeAt(i));
  return h;
}

function finish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const SEED_A = 0x2545f491;
const SEED_B = 0x9e3779b9;

function pairHash(seed: number, a: string | null, b: string | null): number {
  return finish(hashInto(hashInto(seed, a), b));
}

export function hashUnitContext(unit: TmUnit, out: ContextHash): void {
  out.hasNeighbours = unit.prevSource !== null || unit.nextSource !== null;
  out.neighboursA = out.hasNeighbours ? pairHash(SEED_A, unit.prevSource, unit.nextSource) : 0;
  out.neighboursB = out.hasNeighbours ? pairHash(SEED_B, unit.prevSource, unit.nextSource) : 0;
  out.hasKey = unit.contextKey !== null;
  out.keyA = out.hasKey ? pairHash(SEED_A, unit.contextKey, null) : 0;
  out.keyB = out.hasKey ? pairHash(SEED_B, unit.contextKey, null) : 0;
}

/** The query's side, with the same rules as `contextMatches`. */
export function hashQueryContext(q: TmQuery, out: ContextHash): void {
  const prev = q.prevSource;
  const next = q.nextSource;
  out.hasNeighbours = prev !== undefined && next !== undefined && (prev !== null || next !== null);
  out.neighboursA = out.hasNeighbours ? pairHash(SEED_A, prev ?? null, next ?? null) : 0;
  out.neighboursB = out.hasNeighbours ? pairHash(SEED_B, prev ?? null, next ?? null) : 0;
  out.hasKey = q.contextKey != null;
  out.keyA = out.hasKey ? pairHash(SEED_A, q.contextKey ?? null, null) : 0;
  out.keyB = out.hasKey ? pairHash(SEED_B, q.contextKey ?? null, null) : 0;
}

export function emptyContextHash(): ContextHash {
  return { hasNeighbours: false, neighboursA: 0, neighboursB: 0, hasKey: false, keyA: 0, keyB: 0 };
}
