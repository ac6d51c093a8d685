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
 *   store text the same way, so documents and memories compare equal). Only what is exactly
 *   canonical code syntax is a code. To keep that unambiguous, exactly two things are escaped in
 *   text: a `<` that would start a canonical code (text that reads `<x id="1"/>` or `</g>`) is
 *   written `&lt;`, and an `&` that would make `&lt;` or `&amp;` is written `&amp;` (a literal
 *   `&lt;` is `&amp;lt;`). Real documents almost never need either; nothing else changes.
 * - Placeholders (`{0}`, `%s`, `%1$s`) are plain text: the TM engine treats them as codes by shape.
 */
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

// The canonical codes, as alternatives starting after their `<`. The parser and the escaper share
// them: a `<` is escaped exactly when the parser would read a code there.
const ID = '\\s+id="([^"<>]*)"\\s*';
const CODES = [`g${ID}>`, '\\/g\\s*>', `(x|bx|ex)${ID}\\/>`, `ph${ID}(?:\\/>|>([^<]*)<\\/ph\\s*>)`];
const TOKEN = new RegExp(`<(?:${CODES.map((c) => `(?:${c})`).join('|')})`, 'g');
const TEXT_ESCAPES = new RegExp(
  `&(?=lt;|amp;)|<(?=${CODES.map((c) => `(?:${c.replace(/\((?!\?)/g, '(?:')})`).join('|')})`,
  'g',
);
const TEXT_UNESCAPES = /&(lt|amp);/g;

/** Plain text to its form in a segment string. */
export function escapeSegmentText(text: string): string {
  return text.replace(TEXT_ESCAPES, (m) => (m === '&' ? '&amp;' : '&lt;'));
}

/** The text between codes of a segment string back to plain text. */
export function unescapeSegmentText(text: string): string {
  return text.replace(TEXT_UNESCAPES, (_m, name: string) => (name === 'lt' ? '<' : '&'));
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Resolves the predefined XML entities and character references. */
export function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (m, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return XML_ENTITIES[ref] ?? m;
  });
}

/** Escapes character data for XML. */
export function escapeXmlText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Escapes an attribute value (double-quoted) for XML. */
export function escapeXmlAttr(s: string): string {
  return escapeXmlText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
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
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(s); m; m = TOKEN.exec(s)) {
    addText(unescapeSegmentText(s.slice(at, m.index)));
    at = m.index + m[0].length;
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
