/**
 * Placeholders: printf, `%%`, `%{name}`, braces and `${name}` (see inline-codes.ts for the rules).
 * Each matcher answers the end of the placeholder at `i`, or -1.
 */

const PRINTF_CONVERSIONS = 'diouxXeEfFgGaAcspn@r';
/** The longest brace placeholder, braces included. */
const MAX_BRACE = 128;

const isAsciiLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isAsciiDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isWordStart = (c: number) => isAsciiLetter(c) || isAsciiDigit(c) || c === 0x5f;
const isWordChar = (c: number) => isWordStart(c) || c === 0x2d || c === 0x2e || c === 0x3a;
const isBlank = (c: number) => c === 0x20 || c === 0x09;
// After a placeholder, a letter of a script written without spaces may follow at once (`%d件`).
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const UNSPACED_SCRIPT =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;

/** Whether the character at `j` glues to what is before it, making it a word (`%PRODUCTNAME`). */
function continuesWord(text: string, j: number): boolean {
  const c = text.charCodeAt(j);
  if (c < 0x80) return isAsciiLetter(c) || isAsciiDigit(c);
  const ch = String.fromCodePoint(text.codePointAt(j)!);
  return WORD_CHAR.test(ch) && !UNSPACED_SCRIPT.test(ch);
}

/** `%%`, `%{name}` or a printf conversion at `i` (a `%`). */
export function matchPercent(text: string, i: number): number {
  const next = text.charCodeAt(i + 1);
  if (next === 0x25) return i + 2;
  if (next === 0x7b) return matchNameInBraces(text, i + 1);
  return matchPrintf(text, i);
}

function matchPrintf(text: string, i: number): number {
  const n = text.length;
  let j = i + 1;
  if (text.charCodeAt(j) === 0x28) {
    // %(name)s
    j++;
    const nameStart = j;
    while (j < n && isWordChar(text.charCodeAt(j))) j++;
    if (j === nameStart || text.charCodeAt(j) !== 0x29) return -1;
    j++;
  } else {
    // %1$s: an argument position
    let k = j;
    while (k < n && isAsciiDigit(text.charCodeAt(k))) k++;
    if (k > j && text.charCodeAt(k) === 0x24) j = k + 1;
  }
  while (j < n && '-+0#'.includes(text[j]!)) j++;
  if (text.charCodeAt(j) === 0x2a) j++;
  else while (j < n && isAsciiDigit(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 0x2e) {
    j++;
    if (text.charCodeAt(j) === 0x2a) j++;
    else if (!isAsciiDigit(text.charCodeAt(j))) return -1;
    else while (j < n && isAsciiDigit(text.charCodeAt(j))) j++;
  }
  // Length modifiers: hh h ll l L q j z t
  const l = text[j];
  if (l === 'h' || l === 'l') {
    j++;
    if (text[j] === l) j++;
  } else if (l === 'L' || l === 'q' || l === 'j' || l === 'z' || l === 't') {
    // Only a modifier when a conversion follows.
    if (j + 1 < n && PRINTF_CONVERSIONS.includes(text[j + 1]!)) j++;
  }
  if (j >= n || !PRINTF_CONVERSIONS.includes(text[j]!)) return -1;
  j++;
  if (j < n && continuesWord(text, j)) return -1;
  return j;
}

/** `{...}` at `i`: `{{ ... }}`, `{}`, `{name}` or an ICU argument with a format. */
export function matchBrace(text: string, i: number): number {
  if (text.charCodeAt(i + 1) === 0x7b) return matchTemplate(text, i + 2, 2);
  if (text.charCodeAt(i + 1) === 0x7d) return i + 2;
  const limit = Math.min(text.length, i + MAX_BRACE);
  let j = i + 1;
  if (!isWordStart(text.charCodeAt(j))) return -1;
  while (j < limit && isWordChar(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 0x2c) {
    // `{count, number}`, `{d, date, short}`: a type, then a style without braces.
    j++;
    while (j < limit && isBlank(text.charCodeAt(j))) j++;
    const typeStart = j;
    while (j < limit && isAsciiLetter(text.charCodeAt(j))) j++;
    if (j === typeStart) return -1;
    while (j < limit && isBlank(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) === 0x2c) {
      while (j < limit && text.charCodeAt(j) !== 0x7b && text.charCodeAt(j) !== 0x7d) j++;
    }
  }
  return j < limit && text.charCodeAt(j) === 0x7d ? j + 1 : -1;
}

/** `${...}` at `i`. */
export function matchDollarBrace(text: string, i: number): number {
  return text.charCodeAt(i + 1) === 0x7b ? matchTemplate(text, i + 2, 1) : -1;
}

/**
 * A template expression whose body starts at `from`: anything but braces and line breaks, not
 * only blanks, then `closers` closing braces.
 */
function matchTemplate(text: string, from: number, closers: number): number {
  const limit = Math.min(text.length, from + MAX_BRACE);
  let j = from;
  let hasContent = false;
  for (; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x7b || c === 0x7d || c === 0x0a || c === 0x0d) break;
    if (!isBlank(c)) hasContent = true;
  }
  if (!hasContent || text.charCodeAt(j) !== 0x7d) return -1;
  if (closers === 2 && text.charCodeAt(j + 1) !== 0x7d) return -1;
  return j + closers;
}

/** `{name}` at `i`, after a `%` (Ruby's `%{name}`). */
function matchNameInBraces(text: string, i: number): number {
  const limit = Math.min(text.length, i + MAX_BRACE);
  let j = i + 1;
  if (!isWordStart(text.charCodeAt(j))) return -1;
  while (j < limit && isWordChar(text.charCodeAt(j))) j++;
  return j < limit && text.charCodeAt(j) === 0x7d ? j + 1 : -1;
}
