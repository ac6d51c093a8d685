/** The stand-alone smoke test's data: units and held-out queries from a TSV of translations. */
import { readFileSync } from 'node:fs';
import type { PeerInput } from './types';
import { seededRandom } from '../../shared/seeded-random';

/**
 * Units and held-out queries from the LibreOffice help TSV (path, id, English, Spanish): unique
 * pairs, shuffled with the seed; `queries` distinct sources are held out (no unit has the same
 * source) and the rest are the units. Asking for more units than there are gives seeded
 * variations of real units (one word replaced, two adjacent words swapped or a number added):
 * for costing a larger run only; the benchmark's own 1M set comes from bench/tm-data.ts.
 */
export function loadSmokeData(
  file: string,
  nUnits: number,
  nQueries: number,
  seed: number,
): PeerInput & { synthetic: number } {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const pairs: { source: string; target: string }[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const cols = line.split('\t');
    const source = cols[2]?.trim();
    const target = cols[3]?.trim();
    if (!source || !target) continue;
    const key = `${source}\t${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push({ source, target });
  }
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j]!, pairs[i]!];
  }
  const held = new Set<string>();
  const queries: string[] = [];
  for (const p of pairs) {
    if (queries.length >= nQueries) break;
    if (held.has(p.source) || p.source.split(/\s+/).length < 2) continue;
    held.add(p.source);
    queries.push(p.source);
  }
  const real = pairs.filter((p) => !held.has(p.source));
  const units = real.slice(0, nUnits);
  const vocab = real.flatMap((p) => p.source.split(/\s+/)).filter((w) => /^[a-z]{3,}$/.test(w));
  let synthetic = 0;
  while (units.length < nUnits) {
    const base = real[Math.floor(random() * real.length)]!;
    const words = base.source.split(' ');
    const op = Math.floor(random() * 3);
    const at = Math.floor(random() * words.length);
    if (op === 0) words[at] = vocab[Math.floor(random() * vocab.length)] ?? words[at]!;
    else if (op === 1 && words.length > 1) {
      const k = Math.min(at, words.length - 2);
      [words[k], words[k + 1]] = [words[k + 1]!, words[k]!];
    } else words.splice(at, 0, String(1 + Math.floor(random() * 99)));
    units.push({ source: words.join(' '), target: base.target });
    synthetic++;
  }
  return { units, queries, thresholds: [], limit: 0, synthetic };
}
