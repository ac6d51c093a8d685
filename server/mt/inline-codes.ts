/**
 * Splits a segment into text and inline codes: tags (`<g id="1">`, `</g>`, `<x id="2"/>`, whole
 * `<ph>…</ph>`, `<bpt>…</bpt>`, `<ept>…</ept>`, `<it>…</it>`), entities (`&amp;`) and placeholders
 * (`{0}`, `{{name}}`, `${name}`, `%s`, `%1$s`, `%(name)s`, `%%`). Codes are never translated: the MT
 * engine carries them through and puts them back byte for byte.
 */

/** Where a code sits in the segment's structure. */
export type CodeRole = 'standalone' | 'open' | 'close';

export interface InlineCode {
  text: string;
  role: CodeRole;
  /** Index in `pairs` for `open` and `close` codes. */
  pair?: number;
}

/** An opening code and its closing code, properly nested with every other pair. */
export interface CodePair {
  open: number;
  close: number;
  /** The pair this one sits inside, or -1. */
  parent: number;
}

export type SegmentPart = { kind: 'text'; text: string } | { kind: 'code'; code: number };

export interface SplitSegment {
  parts: SegmentPart[];
  codes: InlineCode[];
  pairs: CodePair[];
}

const ATTRIBUTES = String.raw`(?:\s+[\w:.-]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>/=]+))?)*\s*`;
const PATTERNS = [
  // A native code element with its content (XLIFF 1.2, TMX): one code.
  String.raw`<(bpt|ept|ph|it)\b${ATTRIBUTES}>[\s\S]*?<\/\1\s*>`,
  String.raw`<\/?[A-Za-z][\w:.-]*${ATTRIBUTES}\/?>`,
  String.raw`&(?:#\d+|#x[\da-fA-F]+|[A-Za-z][\w]*);`,
  String.raw`\{\{[^{}]*\}\}`,
  String.raw`\$\{[^{}]*\}`,
  String.raw`\{[^{}\s]*\}`,
  String.raw`%%`,
  String.raw`%\(\w+\)[-+0#]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]`,
  // printf without the space flag, so that "50% of" stays text.
  String.raw`%(?:\d+\$)?[-+0#]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn@]`,
  // Characters the Apertium stream cannot carry as text: NUL ends a request, `~` drives postgeneration.
  String.raw`[\0~]`,
];
const CODE = new RegExp(PATTERNS.join('|'), 'g');
const NATIVE_PAIRED = /^<(bpt|ept)\b/;
const NATIVE_STANDALONE = /^<(ph|it)\b/;
const LINK_ATTRIBUTE = /\s(rid|i|id)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** `bpt`/`ept` pair up by `rid`, else TMX's `i`, else `id`; other tags by name. */
function pairingKey(tag: string): { key: string; role: CodeRole } {
  const native = NATIVE_PAIRED.exec(tag);
  if (native) {
    const head = tag.slice(0, tag.indexOf('>'));
    const links = new Map<string, string>();
    for (const m of head.matchAll(LINK_ATTRIBUTE)) links.set(m[1]!, m[2] ?? m[3] ?? '');
    const link = links.get('rid') ?? links.get('i') ?? links.get('id') ?? '';
    return { key: `native:${link}`, role: native[1] === 'bpt' ? 'open' : 'close' };
  }
  if (NATIVE_STANDALONE.test(tag) || !tag.startsWith('<') || tag.endsWith('/>')) {
    return { key: '', role: 'standalone' };
  }
  const name = /^<\/?([^\s/>]+)/.exec(tag)![1]!;
  return { key: `tag:${name}`, role: tag.startsWith('</') ? 'close' : 'open' };
}

export function splitInlineCodes(segment: string): SplitSegment {
  const parts: SegmentPart[] = [];
  const codes: InlineCode[] = [];
  const keys: string[] = [];
  let last = 0;
  for (const match of segment.matchAll(CODE)) {
    if (match.index > last) parts.push({ kind: 'text', text: segment.slice(last, match.index) });
    const { key, role } = pairingKey(match[0]);
    keys.push(key);
    parts.push({ kind: 'code', code: codes.length });
    codes.push({ text: match[0], role });
    last = match.index + match[0].length;
  }
  if (last < segment.length) parts.push({ kind: 'text', text: segment.slice(last) });
  return { parts, codes, pairs: pairCodes(codes, keys) };
}

/**
 * Matches openers with closers like an HTML parser recovers: a closer pairs with the nearest open
 * code of the same key, and anything left open inside it becomes standalone. The pairs are
 * therefore always properly nested, even for overlapping `bpt`/`ept` (which XLIFF allows).
 */
function pairCodes(codes: InlineCode[], keys: string[]): CodePair[] {
  const pairs: CodePair[] = [];
  const stack: number[] = [];
  codes.forEach((code, index) => {
    if (code.role === 'open') {
      stack.push(index);
    } else if (code.role === 'close') {
      const at = stack.findLastIndex((open) => keys[open] === keys[index]);
      if (at < 0) {
        code.role = 'standalone';
        return;
      }
      for (const unclosed of stack.splice(at + 1)) codes[unclosed]!.role = 'standalone';
      const open = stack.pop()!;
      pairs.push({ open, close: index, parent: -1 });
    }
  });
  for (const unclosed of stack) codes[unclosed]!.role = 'standalone';
  // Pairs were collected inner first; renumber them in document order and link parents.
  pairs.sort((a, b) => a.open - b.open);
  pairs.forEach((pair, index) => {
    codes[pair.open]!.pair = index;
    codes[pair.close]!.pair = index;
    pair.parent = pairs.findLastIndex((outer, o) => o < index && outer.close > pair.close);
  });
  return pairs;
}
