/**
 * Checks a translation against its source: while it is typed, on confirm and over the whole
 * document (the QA report). Pure, so it is cheap to run often and easy to test. Warnings never
 * block: the translator decides.
 */
import type { QaCheck } from '../../../../../shared/api/qa';
import { findEvidentCodes } from '../../../../../shared/inline-codes-evidence';
import { AS_WRITTEN, readNumbers, type FoundNumber } from './numbers';
import { textChecks } from './text-checks';

export type QaCode = QaCheck;

/** The document's languages: numbers are read with their separators. */
export interface QaLanguages {
  source: string;
  target: string;
}

export interface QaWarning {
  code: QaCode;
  message: string;
}

// Digits with thousands or decimal separators between them: `1,000.50`, `1.000,50`, `3 500`.
// After a space only an exact group of three joins, so "In 2023 15 new branches" is two numbers.
const NUMBER = /\d+(?:[.,]\d+|[\u00a0\u202f\u2009 ]\d{3}(?!\d))*/g;

const tagName = (tag: string) => /^<\/?\s*([A-Za-z][\w:-]*)/.exec(tag)?.[1] ?? '';

// One check asks for the codes of its source and target several times (numbers, codes, ending,
// spaces): the last two texts' codes are kept, so each text is scanned once per check.
const recentCodes: { text: string; codes: ReturnType<typeof findEvidentCodes> }[] = [];

function codesOf(text: string): ReturnType<typeof findEvidentCodes> {
  const known = recentCodes.find((entry) => entry.text === text);
  if (known) return known.codes;
  const codes = findEvidentCodes(text);
  recentCodes.unshift({ text, codes });
  recentCodes.length = Math.min(recentCodes.length, 2);
  return codes;
}

/**
 * The text with its codes replaced by `by`: the shared scanner's, tags only with evidence that they
 * are markup (shared/inline-codes-evidence.ts: `Press <Enter>` is text).
 */
function withoutCodes(text: string, by: string): string {
  let result = '';
  let from = 0;
  for (const { start, end } of codesOf(text)) {
    result += text.slice(from, start) + by;
    from = end;
  }
  return result + text.slice(from);
}

/** A tag's identity without its spacing or attribute order: `<x id='2' />` equals `<x id="2"/>`. */
function normalizeCode(code: string): string {
  if (!code.startsWith('<')) return code;
  const name = tagName(code);
  const id = /\bid\s*=\s*["']([^"']*)["']/.exec(code)?.[1];
  const kind = code.startsWith('</') ? '/' : /\/\s*>$/.test(code) ? '/>' : '>';
  return `<${kind === '/' ? '/' : ''}${name}${id === undefined ? '' : ` id="${id}"`}${kind === '/>' ? '/>' : '>'}`;
}

export function extractCodes(text: string): string[] {
  return codesOf(text).map(({ start, end }) => normalizeCode(text.slice(start, end)));
}

/**
 * The numbers of a text by value. With its locale, read with that locale's separators (`1.000`
 * is 1 in English and 1000 in Spanish); without one, by their digits alone.
 */
export function extractNumbers(text: string, locale?: string): string[] {
  return findNumbers(text, locale).map((found) => found.value);
}

function findNumbers(text: string, locale: string | undefined): FoundNumber[] {
  const plain = withoutCodes(text, ' ');
  if (locale !== undefined) return readNumbers(plain, locale);
  return Array.from(plain.matchAll(NUMBER), ([raw]) => ({ raw, value: raw.replace(/\D/g, '') }));
}

/** What is in `a` and not in `b` (compared by `key`), counting repeats. */
function missingFrom<T>(a: readonly T[], b: readonly T[], key: (item: T) => string): T[] {
  const left = new Map<string, number>();
  for (const item of b) left.set(key(item), (left.get(key(item)) ?? 0) + 1);
  const missing: T[] = [];
  for (const item of a) {
    const count = left.get(key(item)) ?? 0;
    if (count > 0) left.set(key(item), count - 1);
    else missing.push(item);
  }
  return missing;
}

/** Source and target numbers written alike, paired off (repeats counted). */
function keptAsWritten(
  source: readonly FoundNumber[],
  target: readonly FoundNumber[],
): Array<[FoundNumber, FoundNumber]> {
  const left = [...target];
  const pairs: Array<[FoundNumber, FoundNumber]> = [];
  for (const from of source) {
    const at = left.findIndex((to) => to.raw === from.raw);
    if (at >= 0) pairs.push([from, ...left.splice(at, 1)] as [FoundNumber, FoundNumber]);
  }
  return pairs;
}

/**
 * A number kept as written that the target's language reads as another number: `1,000` is a
 * thousand in English and one in Spanish. One it does not read as a number at all (a version
 * `5.0`, `3.45` left as is) is the translator's choice, not an error.
 */
const isMisread = (from: FoundNumber, to: FoundNumber) =>
  from.value !== to.value && !to.value.startsWith(AS_WRITTEN);

const itself = (item: string) => item;
const valueOf = (found: FoundNumber) => found.value;
const rawOf = (found: FoundNumber) => found.raw;

type Ending = 'period' | 'exclamation' | 'question' | 'colon' | 'ellipsis' | 'none';

// The final mark in Latin, Spanish, CJK (full-width) and Arabic forms.
const ENDINGS: [RegExp, Ending][] = [
  [/(\.\.\.|…)$/, 'ellipsis'],
  [/[.。．]$/, 'period'],
  [/[!！]$/, 'exclamation'],
  [/[?？؟]$/, 'question'],
  [/[:：]$/, 'colon'],
];

const ENDING_NAMES: Record<Ending, string> = {
  period: 'a full stop',
  exclamation: 'an exclamation mark',
  question: 'a question mark',
  colon: 'a colon',
  ellipsis: 'an ellipsis',
  none: 'no final punctuation',
};

/**
 * The final mark, looking past closing quotes (English ”, German “, French », Swiss ‹ ›…),
 * brackets and trailing codes.
 */
export function ending(text: string): Ending {
  const core = withoutCodes(text, '')
    .trimEnd()
    .replace(/["'”’“‘»«›‹)\]」』]+$/u, '')
    .trimEnd();
  return ENDINGS.find(([pattern]) => pattern.test(core))?.[1] ?? 'none';
}

const plural = (items: readonly string[]) => items.map((item) => `“${item}”`).join(', ');

/**
 * The warnings of one translation. `languages` reads numbers in the document's locales; without
 * them numbers compare by digits alone and the untranslated check is off.
 */
export function checkSegment(source: string, target: string, languages?: QaLanguages): QaWarning[] {
  if (target.trim() === '') return [{ code: 'empty', message: 'The translation is empty.' }];
  const warnings: QaWarning[] = [];
  const sourceNumbers = findNumbers(source, languages?.source);
  const targetNumbers = findNumbers(target, languages?.target);
  // A number copied as written is one finding at most, never "missing" and "added" at once.
  const kept = keptAsWritten(sourceNumbers, targetNumbers);
  const unpairedSource = missingFrom(
    sourceNumbers,
    kept.map(([from]) => from),
    rawOf,
  );
  const unpairedTarget = missingFrom(
    targetNumbers,
    kept.map(([, to]) => to),
    rawOf,
  );
  const missingNumbers = missingFrom(unpairedSource, unpairedTarget, valueOf).map(rawOf);
  const extraNumbers = missingFrom(unpairedTarget, unpairedSource, valueOf).map(rawOf);
  const misread = kept.filter(([from, to]) => isMisread(from, to)).map(([from]) => from.raw);
  if (misread.length) {
    warnings.push({
      code: 'number-format',
      message: `Number ${plural(misread)} is written as in the source, where the translation's language reads another value: write it as that language does.`,
    });
  }
  if (missingNumbers.length) {
    warnings.push({
      code: 'number-missing',
      message: `Number ${plural(missingNumbers)} of the source is missing from the translation.`,
    });
  }
  if (extraNumbers.length) {
    warnings.push({
      code: 'number-extra',
      message: `Number ${plural(extraNumbers)} is in the translation but not in the source.`,
    });
  }
  const sourceCodes = extractCodes(source);
  const targetCodes = extractCodes(target);
  const missingCodes = missingFrom(sourceCodes, targetCodes, itself);
  const extraCodes = missingFrom(targetCodes, sourceCodes, itself);
  if (missingCodes.length) {
    warnings.push({
      code: 'code-missing',
      message: `Tag or placeholder ${plural(missingCodes)} is missing from the translation.`,
    });
  }
  if (extraCodes.length) {
    warnings.push({
      code: 'code-extra',
      message: `Tag or placeholder ${plural(extraCodes)} is not in the source.`,
    });
  }
  const sourceEnding = ending(source);
  const targetEnding = ending(target);
  if (sourceEnding !== targetEnding) {
    warnings.push({
      code: 'ending',
      message: `The source ends with ${ENDING_NAMES[sourceEnding]}, the translation with ${ENDING_NAMES[targetEnding]}.`,
    });
  }
  if (/^\s/.test(source) !== /^\s/.test(target)) {
    warnings.push({
      code: 'leading-space',
      message: /^\s/.test(source)
        ? 'The source starts with a space; the translation does not.'
        : 'The translation starts with a space; the source does not.',
    });
  }
  if (/\s$/.test(source) !== /\s$/.test(target)) {
    warnings.push({
      code: 'trailing-space',
      message: /\s$/.test(source)
        ? 'The source ends with a space; the translation does not.'
        : 'The translation ends with a space; the source does not.',
    });
  }
  warnings.push(
    ...textChecks(withoutCodes(source, '\u0000'), withoutCodes(target, '\u0000'), languages),
  );
  return warnings;
}
