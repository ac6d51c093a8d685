/**
 * The canonical segment string: text with XLIFF 1.2 style inline codes, the form every filter
 * extracts and every merge reads.
 *
 * - Codes: `<g id="1">…</g>` (a pair inside the segment), `<x id="2"/>` (standalone),
 *   `<bx id="3"/>` / `<ex id="3"/>` (a pair split across segments, or crossing another pair),
 *   `<ph id="4">native</ph>` (a standalone code whose native markup travels with it, XML-escaped
 *   as in an XLIFF 1.2 file). Ids count from 1 in each segment, in order of first appearance, so
 *   the same markup gives the same string in every document.
 * - Text is NOT XML-escaped: `a < b & c` and `<b>bold</b>` stay as they are (the TM readers
 *   store text the same way, so documents and memories compare equal). A code is what the shared
 *   scanner (shared/inline-codes.ts) finds, and only when it is exactly canonical code syntax;
 *   anything else it finds stays text here. To keep that unambiguous, two things are escaped in
 *   text: a `<` that would start a canonical code (text that reads `<x id="1"/>` or `</g>`) is
 *   written `&lt;`, and an `&` that would make `&lt;` or `&amp;` is written `&amp;` (a literal
 *   `&lt;` is `&amp;lt;`). Real documents almost never need either; nothing else changes.
 * - Placeholders (`{0}`, `%s`, `%1$s`) are plain text here; the TM, MT, QA and the editor read
 *   them as codes with the same shared scanner.
 */
import { codeMatch, findCodeSpans, matchCode } from '../../../shared/inline-codes';
import { decodeXmlEntities } from '../xml-escape';

export type CodeRole = 'open' | 'close' | 'standalone';

export type SegmentToken =
  | { kind: 'text'; text: string }
  | {
      kind: 'code';
      tag: 'g' | 'bx' | 'ex' | 'x' | 'ph';
      role: CodeRole;
      /** The id as written; for `</g>`, the id of the `<g>` it closes. */
      id: string;
      /** The native markup of a `<ph>`, unescaped; null for the other codes. */
      native: string | null;
    };

// The canonical codes, as alternatives after their `<`. The shared scanner finds the codes; one is
// canonical when its whole text is exactly one of these.
const ID = '\\s+id="([^"<>]*)"\\s*';
const CODES = [`g${ID}>`, '\\/g\\s*>', `(x|bx|ex)${ID}\\/>`, `ph${ID}(?:\\/>|>([^<]*)<\\/ph\\s*>)`];
const CANONICAL = new RegExp(`^<(?:${CODES.map((c) => `(?:${c})`).join('|')})$`);
const CANONICAL_NAMES = new Set(['g', 'x', 'bx', 'ex', 'ph']);
const AMP_ESCAPES = /&(?=lt;|amp;)/g;
const TEXT_UNESCAPES = /&(lt|amp);/g;

/** End of the code the shared scanner finds at `i` (a `<`) when it has a canonical name; else -1. */
function codeEndAt(s: string, i: number): number {
  const end = matchCode(s, i);
  if (end < 0 || !CANONICAL_NAMES.has(s.slice(codeMatch.nameStart, codeMatch.nameEnd))) return -1;
  return end;
}

/**
 * The canonical code that starts at `i` (a `<`), or null: the code the shared scanner finds there,
 * when it is written exactly as above. Asked at every `<`, also inside a code that is not canonical
 * (text that reads `<ph>` around a real `<g>`): the parser and the escaper agree on every position.
 */
function canonicalAt(s: string, i: number): RegExpExecArray | null {
  const end = codeEndAt(s, i);
  return end < 0 ? null : CANONICAL.exec(s.slice(i, end));
}

/**
 * Each `<` that starts a canonical code written `&lt;`. Judged from the end, each `<` with what
 * follows it as it will be written: escaping the code in `<ph id="1">a<x id="2"/></ph>` makes that
 * `<ph>` canonical (its content may hold no `<`), so it is escaped too.
 */
function escapeCodeStarts(s: string): string {
  // Positions to escape, from the last.
  const escaped: number[] = [];
  for (let i = s.lastIndexOf('<'); i >= 0; i = i === 0 ? -1 : s.lastIndexOf('<', i - 1)) {
    const end = codeEndAt(s, i);
    if (end < 0) continue;
    let code = '';
    let at = i;
    let k = escaped.length - 1;
    for (; k >= 0 && escaped[k]! < end; k--) {
      code += `${s.slice(at, escaped[k])}&lt;`;
      at = escaped[k]! + 1;
    }
    if (CANONICAL.test(code + s.slice(at, end))) escaped.push(i);
  }
  let out = '';
  let at = 0;
  for (let k = escaped.length - 1; k >= 0; k--) {
    out += `${s.slice(at, escaped[k])}&lt;`;
    at = escaped[k]! + 1;
  }
  return out + s.slice(at);
}

/** Plain text to its form in a segment string. */
export function escapeSegmentText(text: string): string {
  return escapeCodeStarts(text.replace(AMP_ESCAPES, '&amp;'));
}

/** The text between codes of a segment string back to plain text. */
export function unescapeSegmentText(text: string): string {
  return text.replace(TEXT_UNESCAPES, (_m, name: string) => (name === 'lt' ? '<' : '&'));
}

/** The canonical markup of one code. */
export function codeMarkup(tag: 'g' | 'bx' | 'ex' | 'x', role: CodeRole, id: number): string {
  if (tag === 'g') return role === 'close' ? '</g>' : `<g id="${id}">`;
  return `<${tag} id="${id}"/>`;
}

/**
 * Reads a segment string. Lenient, because targets are typed by people: anything that is not
 * exactly one of the canonical codes is text, `</g>` without an open `<g>` included.
 */
export function parseSegment(s: string): SegmentToken[] {
  const tokens: SegmentToken[] = [];
  const addText = (text: string) => {
    if (text === '') return;
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'text') last.text += text;
    else tokens.push({ kind: 'text', text });
  };
  const openG: string[] = [];
  let at = 0;
  for (let i = s.indexOf('<'); i >= 0; i = s.indexOf('<', i + 1)) {
    const m = canonicalAt(s, i);
    if (!m) continue;
    addText(unescapeSegmentText(s.slice(at, i)));
    at = i + m[0].length;
    i = at - 1;
    if (m[1] !== undefined) {
      const id = decodeXmlEntities(m[1]);
      openG.push(id);
      tokens.push({ kind: 'code', tag: 'g', role: 'open', id, native: null });
    } else if (m[2] !== undefined) {
      const tag = m[2] as 'x' | 'bx' | 'ex';
      const role = tag === 'bx' ? 'open' : tag === 'ex' ? 'close' : 'standalone';
      tokens.push({ kind: 'code', tag, role, id: decodeXmlEntities(m[3] ?? ''), native: null });
    } else if (m[4] !== undefined) {
      const id = decodeXmlEntities(m[4]);
      const native = decodeXmlEntities(m[5] ?? '');
      tokens.push({ kind: 'code', tag: 'ph', role: 'standalone', id, native });
    } else {
      const id = openG.pop();
      if (id === undefined) addText(m[0]);
      else tokens.push({ kind: 'code', tag: 'g', role: 'close', id, native: null });
    }
  }
  addText(unescapeSegmentText(s.slice(at)));
  return tokens;
}

/**
 * A segment string as plain text, for formats without inline markup (text, PO, JSON): tags are
 * dropped, a `<ph>` gives its native text.
 */
export function segmentToPlainText(s: string): string {
  if (!s.includes('<') && !s.includes('&')) return s;
  let out = '';
  for (const token of parseSegment(s)) {
    if (token.kind === 'text') out += token.text;
    else if (token.native !== null) out += token.native;
  }
  return out;
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * Whether a segment string has a letter or digit outside its tags, as the shared scanner reads
 * them (the canonical codes, and tag-shaped text such as `<b>`): a segment worth translating.
 * Placeholders count as words here.
 */
export function hasWordsOutsideTags(s: string): boolean {
  let at = 0;
  for (const span of findCodeSpans(s)) {
    if (span.kind === 'placeholder') continue;
    if (WORD.test(s.slice(at, span.start))) return true;
    at = span.end;
  }
  return WORD.test(s.slice(at));
}
