import { matchPercent, matchBrace, matchDollarBrace } from './inline-codes-placeholders';

/**
 * Inline codes: the one definition of what, in a segment's text, is a code rather than words. The
 * TM engine, the MT engine, the segmenter, the tag placer, and the renderer's tags, word diff and
 * QA all read codes through this scanner (inline-codes.md says who adds what on top).
 *
 * The text is the stored form: unescaped (`a < b & c` as written), codes in their canonical form
 * (`<g id="1">`, `<x id="2"/>`, `<bx/>`/`<ex/>`) or as the native markup of the file. A code is:
 *
 * - a tag: `<name ...>`, `</name>`, `<name .../>`. A name (ASCII letter or `_`, then letters,
 *   digits, `_ - . :`) must follow `<` or `</`, then `>`, `/` or a blank: `a < b`, `<?>`, `<3`
 *   stay text. Attribute values may hold `>` inside quotes; a `<` before the `>` means no tag.
 *   A tag is at most MAX_CODE characters long.
 *   Kinds: `</name>` close; `<bx/>` open, `<ex/>` close, other `<name/>` standalone; void HTML
 *   elements (`<br>`, `<img ...>`) standalone; any other start tag open.
 * - a native-code wrapper, `<ph>`, `<bpt>`, `<ept>`, `<it>` (TMX, XLIFF 1.2), WITH its content and
 *   closing tag: `<bpt i="1">&lt;b&gt;</bpt>` is ONE code (bpt open, ept close, ph/it standalone).
 *   Its content is the original file's markup, never words. Unclosed within MAX_CODE characters,
 *   the opening tag alone is the code.
 * - a printf placeholder: `%s`, `%d`, `%1$s`, `%-5.2f`, `%ld`, `%@`, `%(name)s`, `%r`, not
 *   followed by an ASCII letter or digit or a letter of an alphabetic script (`%PRODUCTNAME`,
 *   `%success`, `%für` are text), while CJK may follow at once (`%d件`). No space flag, so
 *   `50% of` is text. `%%` (a printf percent sign) is a placeholder too: dropping one half of it
 *   changes what the program prints.
 * - a brace placeholder: `{0}`, `{name}`, `{user.name}`, `{}`, an ICU argument with a format
 *   (`{count, number}`, `{d, date, short}`) as one code; `{{ name }}` (templates, spaces
 *   allowed inside double braces), `${name}` (template literals, shell), `%{name}` (Ruby).
 *   Not `{ not a code }` (a blank after a single `{`), not `{1;2}`. An ICU plural or select
 *   (`{n, plural, one {# item} other {# items}}`) is NOT one code: its case texts are text to
 *   translate; the document filters turn its syntax into `<ph>` codes (formats/documents/
 *   placeholders.ts).
 *
 * Not codes here: XML entities (`&amp;`): the stored form is unescaped, so `&amp;` is text that
 * reads `&amp;`; the MT layer protects them on its own (mt/inline-codes.ts).
 *
 * Kinds are `open`, `close`, `standalone` (tags) and `placeholder`. Pairing (which close belongs
 * to which open) is a layer on top: inline-codes-pairs.ts.
 */
export type InlineCodeKind = 'open' | 'close' | 'standalone' | 'placeholder';

/** One code of a text: `text.slice(start, end)`. */
export interface CodeSpan {
  start: number;
  end: number;
  kind: InlineCodeKind;
  /** The tag's name as written (`g`, `bpt`, `Br`); '' for a placeholder. */
  name: string;
}

// Kinds as numbers, local constants: the TM tokenizer's hot path compares and stores them.
export const CK_OPEN = 0;
export const CK_CLOSE = 1;
export const CK_STANDALONE = 2;
export const CK_PLACEHOLDER = 3;

/** The kinds by number: `CODE_KINDS[CK_OPEN] === 'open'`. */
export const CODE_KINDS = ['open', 'close', 'standalone', 'placeholder'] as const;

/** The longest code: a tag, or a wrapper with its content. Longer is text. */
export const MAX_CODE = 2000;

/**
 * What the last successful `matchCode` found. Module state, so that the TM tokenizer's hot path
 * allocates nothing per code; read it right after the call.
 */
export const codeMatch = {
  /** CK_OPEN, CK_CLOSE, CK_STANDALONE or CK_PLACEHOLDER. */
  kind: CK_STANDALONE,
  /** Where the tag's name is (not set for a placeholder). */
  nameStart: 0,
  nameEnd: 0,
};

const WRAPPERS = new Set(['ph', 'bpt', 'ept', 'it']);
const VOID_ELEMENTS = new Set(
  'br hr img input meta link wbr area base col embed param source track'.split(' '),
);

const isNameStart = (c: number) =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
const isNameChar = (c: number) =>
  isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0x3a;
const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Whether a code may start with this UTF-16 unit: `<`, `%`, `{` or `$`. */
export const isCodeStart = (c: number) => c === 0x3c || c === 0x25 || c === 0x7b || c === 0x24;

/**
 * End (exclusive) of the code that starts at `i`, or -1 when none does. On success the kind and
 * the name's offsets are in `codeMatch` (module state: the TM tokenizer's hot path allocates
 * nothing per code).
 */
export function matchCode(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x3c) return matchTag(text, i);
  if (c === 0x25) return asPlaceholder(matchPercent(text, i));
  if (c === 0x7b) return asPlaceholder(matchBrace(text, i));
  if (c === 0x24) return asPlaceholder(matchDollarBrace(text, i));
  return -1;
}

function asPlaceholder(end: number): number {
  if (end > 0) codeMatch.kind = CK_PLACEHOLDER;
  return end;
}

/** All codes of `text`, in order, not overlapping. */
export function findCodeSpans(text: string): CodeSpan[] {
  const spans: CodeSpan[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    if (!isCodeStart(text.charCodeAt(i))) continue;
    const end = matchCode(text, i);
    if (end < 0) continue;
    spans.push({
      start: i,
      end,
      kind: CODE_KINDS[codeMatch.kind]!,
      name:
        codeMatch.kind === CK_PLACEHOLDER ? '' : text.slice(codeMatch.nameStart, codeMatch.nameEnd),
    });
    i = end - 1;
  }
  return spans;
}

function matchTag(text: string, i: number): number {
  const limit = Math.min(text.length, i + MAX_CODE);
  let j = i + 1;
  const isClosing = text.charCodeAt(j) === 0x2f;
  if (isClosing) j++;
  if (!isNameStart(text.charCodeAt(j))) return -1;
  const nameStart = j;
  while (j < limit && isNameChar(text.charCodeAt(j))) j++;
  const nameEnd = j;
  const next = text.charCodeAt(j);
  if (next !== 0x3e && next !== 0x2f && !isBlank(next)) return -1;
  // Attributes: anything but `<`; quoted values may hold `>`.
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
  codeMatch.nameStart = nameStart;
  codeMatch.nameEnd = nameEnd;
  if (isClosing) {
    if (isSelfClosing) return -1;
    codeMatch.kind = CK_CLOSE;
    return end;
  }
  const name = text.slice(nameStart, nameEnd).toLowerCase();
  if (isSelfClosing) {
    codeMatch.kind = name === 'bx' ? CK_OPEN : name === 'ex' ? CK_CLOSE : CK_STANDALONE;
    return end;
  }
  if (WRAPPERS.has(name)) {
    codeMatch.kind = name === 'bpt' ? CK_OPEN : name === 'ept' ? CK_CLOSE : CK_STANDALONE;
    return wrapperEnd(text, end, i + MAX_CODE, nameStart, nameEnd);
  }
  codeMatch.kind = VOID_ELEMENTS.has(name) ? CK_STANDALONE : CK_OPEN;
  return end;
}

/**
 * End of a wrapper's closing tag (`</bpt>`, blanks allowed before `>`), searched from `from` up to
 * `limit` only, so many unclosed wrappers stay a linear scan; `from` itself when there is none.
 */
function wrapperEnd(text: string, from: number, max: number, nameStart: number, nameEnd: number) {
  const limit = Math.min(text.length, max);
  const length = nameEnd - nameStart;
  for (let j = from; j + 2 + length < limit; j++) {
    if (text.charCodeAt(j) !== 0x3c || text.charCodeAt(j + 1) !== 0x2f) continue;
    if (!text.startsWith(text.slice(nameStart, nameEnd), j + 2)) continue;
    let k = j + 2 + length;
    while (k < limit && isBlank(text.charCodeAt(k))) k++;
    if (k < limit && text.charCodeAt(k) === 0x3e) return k + 1;
  }
  return from;
}
