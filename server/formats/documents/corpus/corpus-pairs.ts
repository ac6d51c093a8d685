import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { segmentSentences } from '../../segmentation/segment-sentences';

const TSV = fileURLToPath(
  new URL('../../../../../shared/data/lohelp-7.4.en-es.tsv', import.meta.url),
);

export interface Pair {
  en: string;
  es: string;
}

/**
 * `n` real English -> Spanish help sentences from ../shared/data, chosen to be one sentence each
 * and free of characters that some formats escape (quotes, backslashes, markup, placeholders), so
 * a test can look for the Spanish verbatim in any format's output.
 */
export function corpusPairs(n: number): Pair[] {
  if (!existsSync(TSV)) {
    throw new Error(
      `The data folder is missing: ${TSV} not found. Clone the shared data beside the project ` +
        '(../shared/data, see its README for how to rebuild it).',
    );
  }
  const pairs: Pair[] = [];
  const seen = new Set<string>();
  for (const line of readFileSync(TSV, 'utf8').split('\n')) {
    const [, , en, es] = line.split('\t');
    if (!en || !es || seen.has(en) || en.length > 120) continue;
    if (!/^[A-Z][A-Za-z0-9 ,.()-]+\.$/.test(en) || /["'\\<>&{}%#:*_`[\]|=@$~^]/.test(es)) continue;
    if (en.split(' ').length < 4 || segmentSentences(en, 'en').length !== 1) continue;
    seen.add(en);
    pairs.push({ en, es });
    if (pairs.length === n) return pairs;
  }
  throw new Error(`only ${pairs.length} usable pairs in ${TSV}`);
}
