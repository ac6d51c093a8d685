/**
 * Benchmark data for the translation memory: the real LibreOffice help pairs (en-es), and larger
 * memories grown from them by a seeded variation, with real sources held out as queries.
 *
 * - Real units: the unique (English, Spanish) pairs of ../shared/data/lohelp-7.4.en-es.tsv
 *   (about 30.6k), ids 1.. in file order, with the neighbouring paragraphs of the same help file
 *   as prevSource/nextSource and `path#paragraph-id` as the context key.
 * - Queries: `queries` distinct real sources drawn at random (seeded) and held out: every pair with
 *   that source leaves the memory (leave-one-out), so a query never finds itself. `heldOutId` is
 *   the id its first pair had.
 * - Size: up to REAL_SIZE (30k, "the real memory"), real units only: all those left after the
 *   hold-out (about 28.6k for 2,000 queries) or a seeded sample when fewer are asked for. Above,
 *   all the real units plus variants. A variant copies a random real unit (never a held-out one) and applies 1 to 3 edits
 *   to its words (space-separated pieces), drawn with these weights:
 *     45% substitute a word with a word drawn from the whole corpus (so by frequency),
 *     15% insert a corpus word, 15% delete a word, 10% swap two neighbouring words,
 *     10% change a number (a number is substituted when the text has none),
 *      5% join another short unit (both 8 words or fewer) after it, as a two-sentence segment.
 *   The target gets the same kind of edit with Spanish words. Inserts and deletes balance and
 *   joins are limited to short units, so lengths stay distributed as in the real data (checked by
 *   the benchmark, which prints the token-length percentiles). Variants have unique sources and
 *   never equal a query. Variants carry no context.
 */
import type { TmUnit } from '../server/tm/index';
import { readLohelpUnits } from '../server/tm/test-support';
import { seededRandom } from '../shared/seeded-random';

/** Sizes up to this are the real units alone. */
export const REAL_SIZE = 30_000;

export interface TmBenchData {
  units: TmUnit[];
  queries: { text: string; heldOutId: number }[];
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function isNumber(piece: string): boolean {
  if (piece.length === 0 || piece.length > 11) return false;
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** One edit of a list of words (see the module comment for the weights). */
function edit(
  words: string[],
  pool: string[],
  other: string[],
  random: () => number,
  roll: number,
): void {
  const word = pool[Math.floor(random() * pool.length)]!;
  const at = Math.floor(random() * words.length);
  if (roll < 0.45 || (roll >= 0.85 && roll < 0.95 && !words.some(isNumber))) {
    words[at] = word;
  } else if (roll < 0.6) {
    words.splice(Math.floor(random() * (words.length + 1)), 0, word);
  } else if (roll < 0.75) {
    if (words.length > 1) words.splice(at, 1);
    else words[at] = word;
  } else if (roll < 0.85) {
    if (at + 1 < words.length) [words[at], words[at + 1]] = [words[at + 1]!, words[at]!];
    else words[at] = word;
  } else if (roll < 0.95) {
    const numbers = words.flatMap((w, i) => (isNumber(w) ? [i] : []));
    const i = numbers[Math.floor(random() * numbers.length)]!;
    words[i] = String(Math.floor(random() * 200));
  } else if (words.length <= 8 && other.length <= 8) {
    words.push(...other);
  } else {
    words[at] = word;
  }
}

export function loadTmBenchData(options: {
  size: number;
  queries: number;
  seed?: number;
}): TmBenchData {
  const random = seededRandom(options.seed ?? 42);
  const real = readLohelpUnits();
  const sources = shuffle([...new Set(real.map((u) => u.source))], random);
  if (options.queries >= sources.length) throw new Error('more queries than real sources');
  const heldOut = new Set(sources.slice(0, options.queries));
  const queries = new Map<string, number>();
  for (const u of real)
    if (heldOut.has(u.source) && !queries.has(u.source)) queries.set(u.source, u.id);
  const kept = real.filter((u) => !heldOut.has(u.source));

  let units: TmUnit[];
  if (options.size <= REAL_SIZE) {
    units = shuffle([...kept], random)
      .slice(0, options.size)
      .sort((a, b) => a.id - b.id);
  } else {
    units = [...kept];
    const keptEn = kept.map((u) => u.source.split(' '));
    const keptEs = kept.map((u) => u.target.split(' '));
    const enWords = keptEn.flat();
    const esWords = keptEs.flat();
    const used = new Set(kept.map((u) => u.source));
    let nextId = real.length + 1;
    while (units.length < options.size) {
      const base = Math.floor(random() * kept.length);
      const other = Math.floor(random() * kept.length);
      const en = keptEn[base]!.slice();
      const es = keptEs[base]!.slice();
      const edits = 1 + (random() < 0.5 ? 0 : random() < 0.6 ? 1 : 2);
      for (let e = 0; e < edits; e++) {
        const roll = random();
        // The same roll for both sides keeps the kind of edit alike; the words are drawn apart.
        edit(en, enWords, keptEn[other]!, random, roll);
        edit(es, esWords, keptEs[other]!, random, roll);
      }
      const source = en.join(' ');
      if (used.has(source) || heldOut.has(source)) continue;
      used.add(source);
      units.push({
        id: nextId++,
        source,
        target: es.join(' '),
        prevSource: null,
        nextSource: null,
        contextKey: null,
      });
    }
  }
  return {
    units,
    queries: [...queries].map(([text, heldOutId]) => ({ text, heldOutId })),
  };
}
