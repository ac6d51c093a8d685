import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TmUnit } from './types';

/** The real English-Spanish pairs (LibreOffice help), beside the checkout: ../shared/data. */
export const LOHELP_EN_ES = fileURLToPath(
  new URL('../../../shared/data/lohelp-7.4.en-es.tsv', import.meta.url),
);

/**
 * The unique (English, Spanish) pairs of the LibreOffice help, ids 1.. in file order, with the
 * neighbouring paragraphs of the same help file as prevSource/nextSource and `path#paragraph-id`
 * as the context key. Fails when the data folder is missing: the tests and the benchmark need it.
 */
export function readLohelpUnits(path = LOHELP_EN_ES): TmUnit[] {
  if (!existsSync(path)) {
    throw new Error(
      `The data folder is missing: ${path} not found. Clone the shared data beside the project ` +
        '(../shared/data, see its README for how to rebuild it).',
    );
  }
  const rows = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => line.split('\t'));
  const seen = new Set<string>();
  const units: TmUnit[] = [];
  rows.forEach(([file, paragraph, en, es], i) => {
    if (!file || !paragraph || !en || !es) return;
    const pair = `${en}\t${es}`;
    if (seen.has(pair)) return;
    seen.add(pair);
    const prev = rows[i - 1];
    const next = rows[i + 1];
    units.push({
      id: units.length + 1,
      source: en,
      target: es,
      prevSource: prev && prev[0] === file ? (prev[2] ?? null) : null,
      nextSource: next && next[0] === file ? (next[2] ?? null) : null,
      contextKey: `${file}#${paragraph}`,
    });
  });
  return units;
}
