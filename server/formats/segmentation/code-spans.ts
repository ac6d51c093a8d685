/**
 * Tag-shaped inline codes and brace placeholders in a segment string, for the segmenter: it must
 * never break inside one, and it moves opening codes to the sentence they open.
 */
export type CodeSpanKind = 'open' | 'close' | 'standalone' | 'placeholder';

export interface CodeSpan {
  start: number;
  end: number;
  kind: CodeSpanKind;
}

// Native-code wrappers take their content and closing tag with them.
const WRAPPERS = new Set(['ph', 'bpt', 'ept', 'it']);
const MAX_TAG = 2000;

const isNameStart = (c: number) =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
const isNameChar = (c: number) =>
  isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0x3a;

function matchTag(text: string, i: number): CodeSpan | null {
  const limit = Math.min(text.length, i + MAX_TAG);
  let j = i + 1;
  const isClosing = text.charCodeAt(j) === 0x2f;
  if (isClosing) j++;
  if (!isNameStart(text.charCodeAt(j))) return null;
  const nameStart = j;
  while (j < limit && isNameChar(text.charCodeAt(j))) j++;
  const name = text.slice(nameStart, j);
  let quote = 0;
  for (; j < limit; j++) {
    const c = text.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3c) return null;
    else if (c === 0x3e) break;
  }
  if (j >= limit) return null;
  const end = j + 1;
  if (isClosing) return { start: i, end, kind: 'close' };
  if (text.charCodeAt(j - 1) === 0x2f) {
    const kind = name === 'bx' ? 'open' : name === 'ex' ? 'close' : 'standalone';
    return { start: i, end, kind };
  }
  if (WRAPPERS.has(name)) {
    const closing = `</${name}>`;
    const at = text.indexOf(closing, end);
    const kind = name === 'bpt' ? 'open' : name === 'ept' ? 'close' : 'standalone';
    return { start: i, end: at < 0 ? end : at + closing.length, kind };
  }
  return { start: i, end, kind: 'open' };
}

function matchBrace(text: string, i: number): CodeSpan | null {
  const m = /\{\{?[A-Za-z0-9_][\w.:-]{0,63}\}\}?/y;
  m.lastIndex = i;
  const found = m.exec(text);
  return found ? { start: i, end: i + found[0].length, kind: 'placeholder' } : null;
}

/** All code spans of `text`, in order, not overlapping. */
export function findCodeSpans(text: string): CodeSpan[] {
  const spans: CodeSpan[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x3c && c !== 0x7b) continue;
    const span = c === 0x3c ? matchTag(text, i) : matchBrace(text, i);
    if (span) {
      spans.push(span);
      i = span.end - 1;
    }
  }
  return spans;
}
