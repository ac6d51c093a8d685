/**
 * Checks a translation against its source before it is confirmed. Pure, so it is cheap to run on
 * every confirm and easy to test. Warnings never block: the translator decides.
 */

export type QaCode =
  | 'empty'
  | 'number-missing'
  | 'number-extra'
  | 'code-missing'
  | 'code-extra'
  | 'ending'
  | 'leading-space'
  | 'trailing-space';

export interface QaWarning {
  code: QaCode;
  message: string;
}

// Tag-like text (`<g id="1">`, `</g>`, `<x id="2"/>`, but also `<Enter>`) and placeholders
// (`{0}`, `{name}`, `%s`, `%1$d`).
const CODE = /<\/?[A-Za-z][^<>]*>|\{[^{}\s]{1,40}\}|%(?:\d+\$)?[sdif@]/g;
// The XLIFF 1.2 and 2.0 inline codes: always tags, paired or not.
const INLINE_CODES = new Set(['g', 'x', 'bx', 'ex', 'ph', 'bpt', 'ept', 'it', 'mrk', 'sub']);
const INLINE_CODES_2 = new Set(['pc', 'sc', 'ec', 'sm', 'em', 'cp']);
// Digits with thousands or decimal separators between them: `1,000.50`, `1.000,50`, `3 500`.
// After a space only an exact group of three joins, so "In 2023 15 new branches" is two numbers.
const NUMBER = /\d+(?:[.,]\d+|[\u00a0\u202f\u2009 ]\d{3}(?!\d))*/g;

const tagName = (tag: string) => /^<\/?\s*([A-Za-z][\w:-]*)/.exec(tag)?.[1] ?? '';

/**
 * The codes of a text, where they are. A `<…>` is a tag when it closes itself (`<br/>`), is an
 * XLIFF inline code (`<g id="1">`, `<x/>`, `<ph>`…), or has its other half of the same name in the
 * text (`<b>…</b>`); anything else (`Press <Enter>`, `<name>`) is text. Placeholders always are.
 */
function findCodes(text: string): RegExpExecArray[] {
  const matches = Array.from(text.matchAll(CODE));
  const opened = new Set<string>();
  const closed = new Set<string>();
  for (const [raw] of matches) {
    if (!raw.startsWith('<')) continue;
    (raw.startsWith('</') ? closed : opened).add(tagName(raw));
  }
  return matches.filter(([raw]) => {
    if (!raw.startsWith('<')) return true;
    const name = tagName(raw);
    if (/\/\s*>$/.test(raw) || INLINE_CODES.has(name) || INLINE_CODES_2.has(name)) return true;
    return raw.startsWith('</') ? opened.has(name) : closed.has(name);
  });
}

/** The text with its codes replaced by `by`. */
function withoutCodes(text: string, by: string): string {
  let result = '';
  let from = 0;
  for (const match of findCodes(text)) {
    result += text.slice(from, match.index) + by;
    from = match.index + match[0].length;
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
  return findCodes(text).map((match) => normalizeCode(match[0]));
}

/** Numbers as digits only, so `1,000.5` (English) and `1.000,5` (Spanish) are the same number. */
export function extractNumbers(text: string): string[] {
  return Array.from(withoutCodes(text, ' ').matchAll(NUMBER), (match) =>
    match[0].replace(/\D/g, ''),
  );
}

/** What is in `a` and not in `b`, counting repeats. */
function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const item of b) left.set(item, (left.get(item) ?? 0) + 1);
  const missing: string[] = [];
  for (const item of a) {
    const count = left.get(item) ?? 0;
    if (count > 0) left.set(item, count - 1);
    else missing.push(item);
  }
  return missing;
}

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

export function checkSegment(source: string, target: string): QaWarning[] {
  if (target.trim() === '') return [{ code: 'empty', message: 'The translation is empty.' }];
  const warnings: QaWarning[] = [];
  const sourceNumbers = extractNumbers(source);
  const targetNumbers = extractNumbers(target);
  const missingNumbers = missingFrom(sourceNumbers, targetNumbers);
  const extraNumbers = missingFrom(targetNumbers, sourceNumbers);
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
  const missingCodes = missingFrom(sourceCodes, targetCodes);
  const extraCodes = missingFrom(targetCodes, sourceCodes);
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
  return warnings;
}
