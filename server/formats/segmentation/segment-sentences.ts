import { ABBREVIATION_WINDOW, GERMAN_MONTHS, abbreviationsFor } from './abbreviations';
import type { AbbreviationSet } from './abbreviations';
import { findCodeSpans, type CodeSpan } from '../../../shared/inline-codes';

/**
 * Splits `text` into sentences: Intl.Segmenter's sentence boundaries, minus those that follow an
 * abbreviation of the language (`e.g.`, `Sr.`, `z. B.`, `No. 5`), an initial (`J. R. R. Tolkien`)
 * or a German ordinal date (`3. Oktober`), and minus any inside an inline code or placeholder.
 *
 * Whitespace always goes with the sentence before it (leading whitespace of the text stays with
 * the first sentence), so `pieces.join('') === text`. Tag-shaped codes do not hide a boundary
 * (`here.</g> Now` splits after `</g> `); an opening or standalone code after the space goes with
 * the sentence it opens. A piece with no letter or digit is not a sentence: it joins its
 * neighbour. An empty text gives no pieces.
 */
export function segmentSentences(text: string, lang: string): string[] {
  if (text === '') return [];
  if (!hasInnerTerminator(text)) return [text];
  const codes = findCodeSpans(text);
  const projection = hideTags(text, codes);
  const breaks = icuBreaks(projection, segmenterFor(lang));
  const kept = filterBreaks(text, projection, breaks, codes, lang);
  return buildPieces(text, kept, codes);
}

// The segmenter only breaks after a sentence terminator or a paragraph separator: without one
// before the final run of punctuation and spaces, the text is one sentence (most UI strings and
// headings), and the segmenter is not asked.
const TERMINATOR = /[\p{Sentence_Terminal}\n\r\v\f\u0085\u2028\u2029]/u;
const TAIL_CHAR = /[\p{Sentence_Terminal}\p{P}\s]/u;

function hasInnerTerminator(text: string): boolean {
  if (!TERMINATOR.test(text)) return false;
  let end = text.length;
  while (end > 0 && TAIL_CHAR.test(text[end - 1]!)) end--;
  return TERMINATOR.test(text.slice(0, end));
}

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(lang: string): Intl.Segmenter {
  let segmenter = segmenters.get(lang);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(lang, { granularity: 'sentence' });
    } catch {
      segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
    }
    segmenters.set(lang, segmenter);
  }
  return segmenter;
}

// V8's segment iterator costs time proportional to the whole string at every step: a long text is
// segmented in windows. A window's last breaks may lack the look-ahead they need, so the next
// window starts at the last break well before the window's end.
const WINDOW = 2000;
const MARGIN = 200;

function icuBreaks(projection: string, segmenter: Intl.Segmenter): number[] {
  const breaks: number[] = [];
  let offset = 0;
  for (;;) {
    const end = Math.min(projection.length, offset + WINDOW);
    const isLast = end === projection.length;
    const found: number[] = [];
    for (const { index } of segmenter.segment(projection.slice(offset, end))) {
      if (index > 0) found.push(index);
    }
    if (isLast) {
      for (const b of found) breaks.push(offset + b);
      return breaks;
    }
    const sure = found.filter((b) => b < end - offset - MARGIN);
    const taken = sure.length > 0 ? sure : found.slice(0, 1);
    for (const b of taken) breaks.push(offset + b);
    // A sentence longer than the window: go on from the window's end without a break.
    offset = taken.length > 0 ? offset + taken[taken.length - 1]! : end;
  }
}

// U+2060 WORD JOINER is a Format character: the sentence rules look through it, so a terminator
// followed by a closing tag and a space still ends a sentence. Same length keeps offsets valid.
const HIDDEN = '\u2060';

function hideTags(text: string, codes: CodeSpan[]): string {
  if (codes.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const code of codes) {
    if (code.kind === 'placeholder') continue;
    parts.push(text.slice(at, code.start), HIDDEN.repeat(code.end - code.start));
    at = code.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

const isSpaceOrHidden = (s: string) => /[\s\u2060]/u.test(s);

function filterBreaks(
  text: string,
  projection: string,
  breaks: number[],
  codes: CodeSpan[],
  lang: string,
): number[] {
  if (breaks.length === 0) return breaks;
  const abbreviations = abbreviationsFor(lang);
  const { isGerman } = abbreviations;
  let codeAt = 0;
  const kept: number[] = [];
  for (const b of breaks) {
    while (codeAt < codes.length && codes[codeAt]!.end <= b) codeAt++;
    const code = codes[codeAt];
    if (code && code.start < b) continue;
    if (isInsideAbbreviation(projection, b, abbreviations)) continue;
    let e = b;
    while (e > 0 && isSpaceOrHidden(projection[e - 1]!)) e--;
    let next = b;
    while (next < projection.length && isSpaceOrHidden(projection[next]!)) next++;
    const rest = text.slice(next, next + 16);
    const abbreviation = projection
      .slice(Math.max(0, e - ABBREVIATION_WINDOW), e)
      .match(abbreviations.atEnd)?.[0];
    if (abbreviation !== undefined) {
      if (!abbreviations.beforeNumber.has(abbreviation)) continue;
      if (/^\p{N}/u.test(rest)) continue;
    }
    const before = projection.slice(Math.max(0, e - 4), e);
    if (/(?:^|[^\p{L}\p{N}.'’])\p{Lu}\.$/u.test(before) && /^\p{Lu}/u.test(rest)) continue;
    if (isGerman && /(?:^|[^\p{N}.])\p{N}{1,2}\.$/u.test(before) && GERMAN_MONTHS.test(rest)) {
      continue;
    }
    kept.push(b);
  }
  return kept;
}

// Only the text around the break is searched: one regular expression over a whole document would
// try every abbreviation at every position.
function isInsideAbbreviation(projection: string, b: number, set: AbbreviationSet): boolean {
  if (!set.multiPart) return false;
  const from = Math.max(0, b - ABBREVIATION_WINDOW);
  const window = projection.slice(from, b + ABBREVIATION_WINDOW);
  for (const m of window.matchAll(set.multiPart)) {
    const start = from + m.index;
    if (start < b && b < start + m[0].length) return true;
  }
  return false;
}

function buildPieces(text: string, breaks: number[], codes: CodeSpan[]): string[] {
  const codeEndingAt = new Map<number, CodeSpan>();
  for (const code of codes) codeEndingAt.set(code.end, code);
  const cuts: number[] = [];
  for (const b of breaks) {
    let cut = b;
    // Whitespace goes with the sentence before.
    while (cut < text.length && /\s/u.test(text[cut]!)) cut++;
    // Opening and standalone codes after that whitespace open the next sentence.
    let back = cut;
    for (;;) {
      const code = codeEndingAt.get(back);
      if (!code || code.kind === 'close' || code.kind === 'placeholder') break;
      back = code.start;
    }
    if (back < cut && back > 0 && /\s/u.test(text[back - 1]!)) cut = back;
    if (cut > 0 && cut < text.length && cut !== cuts[cuts.length - 1]) cuts.push(cut);
  }
  const pieces: string[] = [];
  let at = 0;
  for (const cut of cuts) {
    if (cut <= at) continue;
    pieces.push(text.slice(at, cut));
    at = cut;
  }
  pieces.push(text.slice(at));
  return joinEmptyPieces(pieces);
}

/** Letters or digits outside tags. */
function hasWords(piece: string): boolean {
  const visible = piece.includes('<') ? hideTags(piece, findCodeSpans(piece)) : piece;
  return /[\p{L}\p{N}]/u.test(visible);
}

function joinEmptyPieces(pieces: string[]): string[] {
  if (pieces.length < 2) return pieces;
  const out: string[] = [];
  let pending = '';
  for (const piece of pieces) {
    if (!hasWords(piece)) {
      if (out.length > 0) out[out.length - 1] += piece;
      else pending += piece;
      continue;
    }
    out.push(pending + piece);
    pending = '';
  }
  if (pending) out.push(pending);
  return out;
}
