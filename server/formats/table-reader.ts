import type { Readable } from 'node:stream';
import { CsvReader } from '../../shared/csv';
import { primaryLanguage, type LanguagePair } from './languages';
import { decodeText, FormatError } from './text-decode';

/**
 * The two table dialects we read:
 * - `csv`: RFC 4180 (quotes, doubled quotes, line breaks in quoted fields) through the shared
 *   CsvReader, with the delimiter `,`, `;` or a tab, whichever the first line uses most.
 * - `tsv`: IANA text/tab-separated-values: a field is everything between tabs, a row ends at a
 *   line break, quotes are ordinary characters. Real TSV (the LibreOffice help data) has
 *   fields like `"Value"` and `"Feb" is returned`, which RFC 4180 quoting would mangle.
 */
export type TableDialect = 'csv' | 'tsv';

/** Rows of a table, streamed. */
export async function* readRows(
  stream: Readable | AsyncIterable<Buffer>,
  dialect: TableDialect,
): AsyncGenerator<string[]> {
  let csv: CsvReader | null = null;
  let rest = '';
  for await (const text of decodeText(stream)) {
    if (dialect === 'tsv') {
      const lines = (rest + text).split(/\r\n|\n|\r/);
      rest = lines.pop() ?? '';
      for (const line of lines) yield line.split('\t');
      continue;
    }
    csv ??= new CsvReader(sniffDelimiter(text));
    try {
      yield* csv.push(text);
    } catch (error) {
      throw new FormatError(`Unreadable CSV: ${(error as Error).message}`);
    }
  }
  if (dialect === 'tsv') {
    if (rest !== '') yield rest.split('\t');
    return;
  }
  try {
    if (csv) yield* csv.end();
  } catch (error) {
    throw new FormatError(`Unreadable CSV: ${(error as Error).message}`);
  }
}

/** The delimiter the first line uses most (outside quotes): comma, semicolon or tab. */
export function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let isQuoted = false;
  for (const char of text) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (char === '\n' || char === '\r')) break;
    else if (!isQuoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [char, count] of counts) if (count > (counts.get(best) ?? 0)) best = char;
  return best;
}

const SOURCE_NAMES = new Set(['source', 'src', 'source text', 'source_text', 'source segment']);
const TARGET_NAMES = new Set(['target', 'tgt', 'target text', 'target_text', 'translation']);
const TERM_NAMES = new Set(['term', 'source term', 'source_term']);
const TARGET_TERM_NAMES = new Set(['translation', 'target term', 'target_term']);

export interface TableLayout {
  /** Whether the first row was a header (and is not data). */
  hasHeader: boolean;
  /** Termbase rows rather than memory units. */
  isTerms: boolean;
  source: number;
  target: number;
  /** Further columns, for terms: index and header name. */
  extras: Array<{ index: number; name: string }>;
}

const norm = (cell: string) => cell.trim().toLowerCase();

function languageColumn(header: string[], lang: string): number {
  const want = primaryLanguage(lang);
  return header.findIndex(
    (cell) => /^[a-z]{2,3}([-_][a-z0-9]+)*$/i.test(cell.trim()) && primaryLanguage(cell) === want,
  );
}

/**
 * Decides what a table holds from its first row. A header is a first row that names the columns:
 * the memory's languages (`en`, `es-ES`), `source`/`target`, or `term`; `hasHeaderRow` forces it
 * either way. A header with a `term` column (or a file named like a termbase, `isTermsName`)
 * makes the rows termbase entries. Units take the language-named (or source/target) columns,
 * else the only two; more columns without such names are refused rather than guessed.
 */
export function tableLayout(
  first: string[],
  languages: LanguagePair,
  options: { hasHeaderRow?: boolean; isTermsName?: boolean },
): TableLayout {
  const names = first.map(norm);
  const srcAt = languageColumn(first, languages.srclang);
  const trgAt = languageColumn(first, languages.trglang);
  const termAt = names.findIndex((n) => TERM_NAMES.has(n));
  const sourceAt = srcAt >= 0 ? srcAt : names.findIndex((n) => SOURCE_NAMES.has(n));
  const targetAt = trgAt >= 0 ? trgAt : names.findIndex((n) => TARGET_NAMES.has(n));
  const looksLikeHeader = termAt >= 0 || (sourceAt >= 0 && targetAt >= 0);
  const hasHeader = options.hasHeaderRow ?? looksLikeHeader;
  const isTerms = (hasHeader && termAt >= 0) || options.isTermsName === true;

  if (isTerms) {
    const source = termAt >= 0 ? termAt : sourceAt >= 0 && hasHeader ? sourceAt : 0;
    const named = names.findIndex((n, i) => i !== source && TARGET_TERM_NAMES.has(n));
    const target =
      hasHeader && trgAt >= 0 ? trgAt : hasHeader && named >= 0 ? named : source === 0 ? 1 : 0;
    const extras = hasHeader
      ? first
          .map((name, index) => ({ index, name: name.trim() }))
          .filter((c) => c.index !== source && c.index !== target && c.name !== '')
      : [];
    return { hasHeader, isTerms, source, target, extras };
  }
  if (hasHeader && sourceAt >= 0 && targetAt >= 0) {
    return { hasHeader, isTerms, source: sourceAt, target: targetAt, extras: [] };
  }
  if (first.length === 2) return { hasHeader, isTerms, source: 0, target: 1, extras: [] };
  throw new FormatError(
    `The table has ${first.length} columns and ${hasHeader ? 'a header row' : 'no header row'} ` +
      `that does not name the source and target columns: add a header row naming them ` +
      `(${languages.srclang} and ${languages.trglang}, or source and target), or keep two columns`,
  );
}
