import { splitInlineCodes, type SplitSegment } from './inline-codes';

/**
 * Turns a segment into Apertium stream format and an answer back into a segment, doing the work of
 * `apertium-destxt`/`apertium-retxt` with the inline codes protected:
 * - text escapes `\ [ ] ^ $ @ * / < > { } #` with a backslash (an unescaped `@` breaks lt-proc);
 * - whitespace other than one space goes in a superblank, `[\n]`, as apertium-destxt does;
 * - every inline code becomes a superblank that names it, `[c3]` (the code's bytes never enter the
 *   pipeline, so they cannot be translated, escaped wrongly or lost); superblanks always come back;
 * - text inside a tag pair is also wrapped in a word-bound blank, `[[t:wb0]]big brown[[/]]`, which
 *   Apertium moves with the words, so `The <g>big</g> dog` gives `El perro <g>grande</g>` instead of
 *   `El <g>perro</g> grande`. If the words are dropped or the hints contradict the nesting, the pair
 *   stays where its superblanks came out.
 * The pipeline adds a final superblank, so a sentence end gets the blank the tagger needs.
 */

export interface EncodedSegment {
  /** What goes into the pipeline, without the pipeline's own terminator. */
  stream: string;
  /** Present when the segment needs Apertium; absent for empty, blank or code-only segments. */
  split?: SplitSegment;
  lead: string;
  trail: string;
  /** A `.` was appended so that the tagger sees a sentence end; it is removed from the answer. */
  addedPeriod: boolean;
}

const ESCAPED = /[\\[\]^$@*/<>{}#]/g;
// Whitespace other than a single space (captured, for split).
const SPECIAL_BLANKS = /((?:[^\S ]|  +)+)/;
const SENTENCE_END = /[.!?…。！？]$/u;
const WORD = /[\p{L}\p{N}]/u;

const escapeText = (text: string) => text.replace(ESCAPED, '\\$&');

/**
 * Text as stream format. Runs of words separated by single spaces are escaped (and wrapped in the
 * innermost pair's word-bound blank, keeping multiwords like "United States" whole); any other
 * whitespace becomes a superblank.
 */
function encodeText(text: string, pair: number | undefined): string {
  return text
    .split(SPECIAL_BLANKS)
    .map((run, i) => {
      if (i % 2 === 1) return `[${run}]`;
      const inner = run.trim();
      if (!inner) return run;
      const before = run.slice(0, run.indexOf(inner));
      const after = run.slice(before.length + inner.length);
      const body = escapeText(inner);
      return before + (pair === undefined ? body : `[[t:wb${pair}]]${body}[[/]]`) + after;
    })
    .join('');
}

export function encodeSegment(segment: string): EncodedSegment {
  const lead = /^\s*/.exec(segment)![0];
  const core = segment.slice(lead.length).trimEnd();
  const trail = segment.slice(lead.length + core.length);
  const split = splitInlineCodes(core);
  const hasWords = split.parts.some((part) => part.kind === 'text' && WORD.test(part.text));
  if (!hasWords) return { stream: '', lead, trail: core + trail, addedPeriod: false };

  let stream = '';
  const open: number[] = [];
  for (const part of split.parts) {
    if (part.kind === 'text') {
      stream += encodeText(part.text, open.at(-1));
      continue;
    }
    const code = split.codes[part.code]!;
    if (code.role === 'open') open.push(code.pair!);
    if (code.role === 'close') open.pop();
    stream += `[c${part.code}]`;
  }
  const addedPeriod = !SENTENCE_END.test(core);
  if (addedPeriod) stream += '.';
  return { stream, split, lead, trail, addedPeriod };
}

/** One piece of an answer: text (with the pairs whose word-bound blank it carries), a code, a blank. */
export type AnswerItem =
  | { kind: 'text'; text: string; marks: number[] }
  | { kind: 'code'; code: number }
  | { kind: 'blank'; text: string };

const unescape = (text: string) => text.replace(/\\([\s\S])/g, '$1');

/** Reads the pipeline's output for one segment (stream format, terminator removed). */
export function parseAnswer(answer: string): AnswerItem[] {
  const items: AnswerItem[] = [];
  let marks: number[] = [];
  let text = '';
  const flush = () => {
    if (text) items.push({ kind: 'text', text: unescape(text), marks });
    text = '';
  };
  for (let i = 0; i < answer.length;) {
    const char = answer[i]!;
    if (char === '\\') {
      text += answer.slice(i, i + 2);
      i += 2;
    } else if (answer.startsWith('[[', i)) {
      const end = findClose(answer, i + 2, ']]');
      flush();
      const content = answer.slice(i + 2, end);
      marks = content === '/' ? [] : [...content.matchAll(/wb(\d+)/g)].map((m) => Number(m[1]));
      i = end + 2;
    } else if (char === '[') {
      const end = findClose(answer, i + 1, ']');
      flush();
      const content = unescape(answer.slice(i + 1, end));
      const code = /^c(\d+)$/.exec(content);
      items.push(code ? { kind: 'code', code: Number(code[1]) } : { kind: 'blank', text: content });
      i = end + 1;
    } else {
      text += char;
      i += 1;
    }
  }
  flush();
  return items;
}

function findClose(text: string, from: number, close: string): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text.startsWith(close, i)) return i;
  }
  return text.length;
}
