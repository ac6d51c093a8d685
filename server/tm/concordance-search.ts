import { BUCKETS, bucketStart, type ConcordanceSide } from './concordance-side';

export interface ConcordanceHitSlot {
  slot: number;
  words: number;
}

export interface SideSearch {
  hits: ConcordanceHitSlot[];
  scanned: number;
  capped: boolean;
}

/**
 * The best `limit` slots holding the phrase `words` on any of `sides`: fewest words on the side
 * that holds it, then the newest slot (then the source side). Per side and length bucket,
 * shortest first: the candidates are the slots of the phrase's rarest word in that bucket,
 * newest first; each must be in the other words' lists of the same bucket too (a unit's length
 * puts it in one bucket on its side; a cursor per list only moves down, galloping), and then
 * hold the words in order. A side stops at the first bucket whose units all have more words than
 * the last of a full list. At most `maxScanned` candidates in all are looked at; `capped` says
 * some were left (the longest units).
 */
export function searchSides(
  sides: readonly ConcordanceSide[],
  words: Int32Array,
  alive: Uint8Array,
  limit: number,
  maxScanned: number,
): SideSearch {
  const top: ConcordanceHitSlot[] = [];
  const n = words.length;
  const distinct = [...new Set(words)];
  let budget = maxScanned;
  let capped = false;
  for (const side of sides) {
    const ordered = [...distinct].sort((a, b) => side.totals[a]! - side.totals[b]!);
    if (side.totals[ordered[0]!] === 0) continue;
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      if (top.length === limit && top[limit - 1]!.words < bucketStart(bucket)) break;
      const keys = ordered.map((id) => id * BUCKETS + bucket);
      const rarest = keys[0]!;
      const count = side.counts[rarest]!;
      if (count === 0) continue;
      if (budget === 0) {
        capped = true;
        break;
      }
      const others = keys.slice(1);
      const cursors = others.map((key) => side.counts[key]! - 1);
      const end = Math.max(-1, count - 1 - budget);
      for (let i = count - 1; i > end; i--) {
        const slot = side.slotAt(rarest, i);
        if (!alive[slot]) continue;
        if (!inEveryList(side, others, cursors, slot)) continue;
        if (n > 1 && !side.hasPhrase(slot, words, n)) continue;
        offer(top, slot, side.length[slot]!, limit);
      }
      budget -= count - 1 - end;
      if (end >= 0) capped = true;
    }
  }
  return { hits: top, scanned: maxScanned - budget, capped };
}

/** Moves each cursor down to `slot` or below; true when every list holds `slot`. */
function inEveryList(
  side: ConcordanceSide,
  keys: readonly number[],
  cursors: number[],
  slot: number,
): boolean {
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    let at = cursors[k]!;
    if (at < 0) return false;
    if (side.slotAt(key, at) > slot) {
      // Gallop down to a position at or below `slot`, then binary-search back up.
      let step = 1;
      let high = at;
      while (at - step >= 0 && side.slotAt(key, at - step) > slot) {
        high = at - step;
        step *= 2;
      }
      let low = Math.max(-1, at - step);
      // Here slotAt(high) > slot, and low is -1 or slotAt(low) <= slot.
      while (high - low > 1) {
        const mid = (low + high) >> 1;
        if (side.slotAt(key, mid) > slot) high = mid;
        else low = mid;
      }
      at = low;
      cursors[k] = at;
      if (at < 0) return false;
    }
    if (side.slotAt(key, at) !== slot) return false;
  }
  return true;
}

/** Puts the slot in `top` (sorted, at most `limit`) if it belongs there. */
function offer(top: ConcordanceHitSlot[], slot: number, words: number, limit: number): void {
  // No better than the last: nor than this slot itself, should the other side have listed it.
  if (top.length === limit && top[limit - 1]!.words <= words) return;
  const same = top.findIndex((hit) => hit.slot === slot);
  if (same >= 0) {
    if (top[same]!.words <= words) return;
    top.splice(same, 1);
  }
  // Ties keep the slot found first: newest first within a side.
  let at = top.length;
  while (at > 0 && top[at - 1]!.words > words) at--;
  top.splice(at, 0, { slot, words });
  if (top.length > limit) top.pop();
}
