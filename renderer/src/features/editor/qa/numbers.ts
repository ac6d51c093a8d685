/**
 * Numbers of a text read in its locale, so they can be compared by value across languages:
 * `1,000` (en), `1.000` (es) and `1000` are one value; `15.5516` in English is one number; but
 * `1.000` in English is 1 (the dot is its decimal mark). Pure and cached per locale: the QA report
 * reads every segment of a document with it.
 */

/** The value's prefix for text that is not one number in the locale, compared as written. */
export const AS_WRITTEN = 'as written: ';

/** One number as written, and its value in a canonical form that compares across locales. */
export interface FoundNumber {
  raw: string;
  value: string;
}

interface LocaleNumbers {
  decimal: string;
  /** A number with thousands groups: `1,234,567.5` (en), `12,34,567` (hi). */
  grouped: RegExp;
  /** Digits with at most one decimal mark: `1234567.5`. */
  plain: RegExp;
  /** Every character that may group digits in this locale (spaces always may). */
  groupChars: RegExp;
}

// Digits joined by what may separate them. After a space only an exact group of three joins, so
// "In 2023 15 new branches" is two numbers.
const TOKEN = /\d+(?:[.,'’]\d+|[\u00a0\u202f\u2009 ]\d{3}(?!\d))*/g;
const SPACES = '\u00a0\u202f\u2009 ';
const APOSTROPHES = "'’";

const escape = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&');
const byLocale = new Map<string, LocaleNumbers>();

/** The separators Intl uses for `locale` (Latin digits); English for an unknown locale. */
function separators(locale: string): { group: string; decimal: string; secondary: number } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale, { numberingSystem: 'latn' }).formatToParts(1234567.5);
  } catch {
    parts = new Intl.NumberFormat('en').formatToParts(1234567.5);
  }
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const integers = parts.filter((part) => part.type === 'integer');
  // Indian grouping (12,34,567): groups of two before the last three.
  const secondary = integers.length > 2 ? (integers[1]?.value.length ?? 3) : 3;
  return { group, decimal, secondary };
}

function localeNumbers(locale: string): LocaleNumbers {
  const cached = byLocale.get(locale);
  if (cached) return cached;
  const { group, decimal, secondary } = separators(locale);
  let chars = SPACES + group;
  if (APOSTROPHES.includes(group)) chars += APOSTROPHES;
  const g = `[${escape(chars)}]`;
  const d = escape(decimal).replace('.', '\\.');
  const fraction = `(?:${d}\\d+)?`;
  const groups =
    secondary === 3
      ? `\\d{1,3}(?:${g}\\d{3})+`
      : `\\d{1,${secondary}}(?:${g}\\d{${secondary}})*${g}\\d{3}`;
  const numbers: LocaleNumbers = {
    decimal,
    grouped: new RegExp(`^${groups}${fraction}$`),
    plain: new RegExp(`^\\d+${fraction}$`),
    groupChars: new RegExp(g, 'g'),
  };
  byLocale.set(locale, numbers);
  return numbers;
}

/** `0012.500` -> `12.5`: digits and one decimal point, no leading or trailing zeros. */
function canonical(integer: string, fraction: string): string {
  const whole = integer.replace(/^0+(?=\d)/, '');
  const rest = fraction.replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

function readToken(token: string, numbers: LocaleNumbers, found: FoundNumber[]): void {
  if (numbers.plain.test(token) || numbers.grouped.test(token)) {
    const digits = token.replace(numbers.groupChars, '');
    const at = digits.indexOf(numbers.decimal);
    found.push({
      raw: token,
      value:
        at === -1 ? canonical(digits, '') : canonical(digits.slice(0, at), digits.slice(at + 1)),
    });
    return;
  }
  // Numbers side by side ("2023 150"), or something number-like that is not one number in this
  // locale (a version "1.2.3"): only the same text on the other side matches it, not a value
  // (English 15.5516 left as it is in Spanish is not 15,5516).
  const parts = token.split(/[\u00a0\u202f\u2009 ]/);
  if (parts.length > 1) for (const part of parts) readToken(part, numbers, found);
  else found.push({ raw: token, value: `${AS_WRITTEN}${token}` });
}

/** The numbers of a text (without inline codes) as written in `locale`. */
export function readNumbers(text: string, locale: string): FoundNumber[] {
  const numbers = localeNumbers(locale);
  const found: FoundNumber[] = [];
  for (const [token] of text.matchAll(TOKEN)) readToken(token, numbers, found);
  return found;
}
