import type { TmCodeKind } from './types';

/**
 * Recognizes inline codes in plain text: anything tag-shaped is one token.
 *
 * - XML-ish tags: `<g id="1">`, `</g>`, `<x id="2"/>`, `<br>`. A name must follow `<` (or `</`), so
 *   `a < b` and `<?>` stay punctuation. Attribute values may hold `>` inside quotes.
 * - `<ph>`, `<bpt>`, `<ept>`, `<it>` (TMX/XLIFF 1.2 native-code wrappers) take their content and
 *   closing tag with them: `<bpt i="1">&lt;b&gt;</bpt>` is ONE code. Their content is the native
 *   markup of the original file, not text: it is never tokenized as words, and it belongs to the
 *   code's identity (two `<ph>` with different native content are different codes).
 * - printf placeholders: `%s`, `%d`, `%1$s`, `%-5.2f`, `%ld`, `%@`, `%(name)s`, not followed by a
 *   letter or digit (so `%PRODUCTNAME` and `50% of` are text). No space flag, for the same reason.
 * - brace placeholders: `{0}`, `{name}`, `{user.name}`, `{{name}}`.
 *
 * Kinds: see `TmCodeKind`. Codes compare by kind in the edit distance; their exact text is their
 * identity for the penalty and for `restoreInlineCodes`.
 */
export const CODE_KINDS: readonly TmCodeKind[] = ['open', 'close', 'standalone', 'placeholder'];
export const CK_OPEN = 0;
export const CK_CLOSE = 1;
export const CK_STANDALONE = 2;
export const CK_PLACEHOLDER = 3;

/** The kind of the code found by the last successful `matchCode`. */
export let matchedCodeKind = CK_STANDALONE;

const MAX_TAG = 2000;
const WRAPPERS = new Set(['ph', 'bpt', 'ept', 'it']);
const VOID_ELEMENTS = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'wbr',
  'area',
  'base',
  'col',
  'embed',
  'param',
  'source',
  'track',
]);
const PRINTF_CONVERSIONS = 'diouxXeEfFgGaAcspn@';

const isAsciiLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isAsciiDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isNameStart = (c: number) => isAsciiLetter(c) || c === 0x5f;
const isNameChar = (c: number) =>
  isNameStart(c) || isAsciiDigit(c) || c === 0x2d || c === 0x2e || c === 0x3a;
const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** End offset (exclusive) of the inline code that starts at `i`, or -1 when there is none. */
export function matchCode(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x3c) return matchTag(text, i);
  if (c === 0x25) return matchPrintf(text, i);
  if (c === 0x7b) return matchBrace(text, i);
  return -1;
}

function matchTag(text: string, i: number): number {
  const limit = Math.min(text.length, i + MAX_TAG);
  let j = i + 1;
  const isClosing = text.charCodeAt(j) === 0x2f;
  if (isClosing) j++;
  if (!isNameStart(text.charCodeAt(j))) return -1;
  const nameStart = j;
  while (j < limit && isNameChar(text.charCodeAt(j))) j++;
  const nameEnd = j;
  const next = text.charCodeAt(j);
  if (next !== 0x3e && next !== 0x2f && !isBlank(next)) return -1;
  // Attributes: anything but `<`, quoted values may hold `>`.
  let quote = 0;
  for (; j < limit; j++) {
    const ch = text.charCodeAt(j);
    if (quote !== 0) {
      if (ch === quote) quote = 0;
    } else if (ch === 0x22 || ch === 0x27) {
      quote = ch;
    } else if (ch === 0x3c) {
      return -1;
    } else if (ch === 0x3e) {
      break;
    }
  }
  if (j >= limit) return -1;
  const isSelfClosing = text.charCodeAt(j - 1) === 0x2f;
  const end = j + 1;
  const name = text.slice(nameStart, nameEnd).toLowerCase();
  if (isClosing) {
    if (isSelfClosing) return -1;
    matchedCodeKind = CK_CLOSE;
    return end;
  }
  if (isSelfClosing) {
    matchedCodeKind = name === 'bx' ? CK_OPEN : name === 'ex' ? CK_CLOSE : CK_STANDALONE;
    return end;
  }
  if (WRAPPERS.has(name)) {
    matchedCodeKind = name === 'bpt' ? CK_OPEN : name === 'ept' ? CK_CLOSE : CK_STANDALONE;
    const closing = `</${text.slice(nameStart, nameEnd)}>`;
    const at = text.indexOf(closing, end);
    return at < 0 ? end : at + closing.length;
  }
  matchedCodeKind = VOID_ELEMENTS.has(name) ? CK_STANDALONE : CK_OPEN;
  return end;
}

function matchPrintf(text: string, i: number): number {
  const n = text.length;
  let j = i + 1;
  if (text.charCodeAt(j) === 0x28) {
    // %(name)s
    j++;
    const nameStart = j;
    while (j < n && (isNameChar(text.charCodeAt(j)) || isAsciiDigit(text.charCodeAt(j)))) j++;
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
  const after = text.charCodeAt(j);
  if (isAsciiLetter(after) || isAsciiDigit(after) || after > 0x7f) return -1;
  matchedCodeKind = CK_PLACEHOLDER;
  return j;
}

function matchBrace(text: string, i: number): number {
  const isDouble = text.charCodeAt(i + 1) === 0x7b;
  let j = isDouble ? i + 2 : i + 1;
  const start = j;
  const limit = Math.min(text.length, start + 64);
  if (!(isNameStart(text.charCodeAt(j)) || isAsciiDigit(text.charCodeAt(j)))) return -1;
  while (j < limit && (isNameChar(text.charCodeAt(j)) || isAsciiDigit(text.charCodeAt(j)))) j++;
  if (text.charCodeAt(j) !== 0x7d) return -1;
  j++;
  if (isDouble) {
    if (text.charCodeAt(j) !== 0x7d) return -1;
    j++;
  }
  matchedCodeKind = CK_PLACEHOLDER;
  return j;
}
