import { findCodeSpans, type CodeSpan } from '../../shared/inline-codes';
import { pairCodes } from '../../shared/inline-codes-pairs';

/**
 * Splits a segment into text and inline codes for the MT engine. Codes are what the shared scanner
 * reads as codes (shared/inline-codes.ts: tags, whole `<ph>…</ph>`/`<bpt>…</bpt>`, placeholders),
 * plus what only the MT transport needs kept out of the engine: XML entities (`&amp;`, `&#10;`,
 * written in some segment texts) and the characters the Apertium stream cannot carry as text (NUL
 * ends a request, `~` drives postgeneration). Codes are never translated: the MT engine carries
 * them through and puts them back byte for byte.
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

// Only for the MT: entities, and characters the Apertium stream cannot carry.
const TRANSPORT_CODE = /&(?:#\d+|#x[\da-fA-F]+|[A-Za-z]\w*);|[\0~]/g;

/** The scanner's codes and the transport's, in order; a transport code inside a code is part of it. */
function codeSpans(segment: string): CodeSpan[] {
  const spans = findCodeSpans(segment);
  if (!/[&\0~]/.test(segment)) return spans;
  const merged: CodeSpan[] = [];
  let next = 0;
  for (const match of segment.matchAll(TRANSPORT_CODE)) {
    while (next < spans.length && spans[next]!.end <= match.index) merged.push(spans[next++]!);
    const inside = next < spans.length && spans[next]!.start <= match.index;
    if (inside) continue;
    merged.push({
      start: match.index,
      end: match.index + match[0].length,
      kind: 'standalone',
      name: '',
    });
  }
  return merged.concat(spans.slice(next));
}

export function splitInlineCodes(segment: string): SplitSegment {
  const spans = codeSpans(segment);
  const partners = pairCodes(segment, spans);
  const parts: SegmentPart[] = [];
  const codes: InlineCode[] = [];
  let last = 0;
  spans.forEach((span, index) => {
    if (span.start > last) parts.push({ kind: 'text', text: segment.slice(last, span.start) });
    parts.push({ kind: 'code', code: index });
    const isPaired = partners[index]! >= 0;
    const role = isPaired && span.kind !== 'standalone' ? (span.kind as CodeRole) : 'standalone';
    codes.push({ text: segment.slice(span.start, span.end), role });
    last = span.end;
  });
  if (last < segment.length) parts.push({ kind: 'text', text: segment.slice(last) });
  return { parts, codes, pairs: numberPairs(codes, partners) };
}

/** The pairs in document order, each linked to the pair it sits inside. */
function numberPairs(codes: InlineCode[], partners: readonly number[]): CodePair[] {
  const pairs: CodePair[] = [];
  codes.forEach((code, index) => {
    if (code.role === 'open') pairs.push({ open: index, close: partners[index]!, parent: -1 });
  });
  pairs.forEach((pair, index) => {
    codes[pair.open]!.pair = index;
    codes[pair.close]!.pair = index;
    pair.parent = pairs.findLastIndex((outer, o) => o < index && outer.close > pair.close);
  });
  return pairs;
}
