import type { ContextHash } from './context';
import { F_KEY, F_NEIGHBOURS } from './unit-store';

/**
 * The 101 rule (context.ts) on the index's hashes: does the unit in `slot` share the query's
 * context key, or both its neighbours? `hashes` is the store's `context` (four per slot:
 * neighbours A, B, key A, B) and `flags` the slot's flags, which say which of them it has.
 */
export function unitContextMatches(
  query: ContextHash,
  hashes: Uint32Array,
  slot: number,
  flags: number,
): boolean {
  const c = slot * 4;
  if (
    query.hasKey &&
    flags & F_KEY &&
    hashes[c + 2] === query.keyA &&
    hashes[c + 3] === query.keyB
  ) {
    return true;
  }
  return (
    query.hasNeighbours &&
    (flags & F_NEIGHBOURS) !== 0 &&
    hashes[c] === query.neighboursA &&
    hashes[c + 1] === query.neighboursB
  );
}
