import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import { DocumentFormatError } from './errors';
import type { DocumentFilter } from './filter';
import { codeMarkup, escapeSegmentText, parseSegment } from './inline-codes';
import type { ExtractedSegment } from './types';

export interface SubtitleSkeleton {
  format: 'srt' | 'vtt';
  version: 1;
  encoding: TextEncoding;
  eol: '\n' | '\r\n';
  text: string;
  segmentCount: number;
  /** Each cue's text: its offsets and, by code id, the native text of its codes. */
  cues: Array<{ seg: number; start: number; end: number; codes: string[] }>;
}

const TIMING = /^(?:\d+:)?\d{2}:\d{2}[,.]\d{3}\s+-->\s+(?:\d+:)?\d{2}:\d{2}[,.]\d{3}(?:\s.*)?$/;
// Cue markup: <i>, </b>, <c.yellow>, <v Roger>, <00:01.500> (a karaoke timestamp).
const TAG = /<\/?[a-z0-9:.]+(?:\s[^<>]*)?>/gi;
const TAG_SPLIT = /(<\/?[a-z0-9:.]+(?:\s[^<>]*)?>)/i;

/**
 * Subtitles (SRT, WebVTT). A hand-written reader: the format is a few lines of grammar and no kept
 * library gives byte positions back. Blocks are separated by blank lines; a block's timing line
 * (`00:00:01,000 --> 00:00:02,000`, VTT settings after it) is followed by the cue's text, which is
 * one segment: its line breaks (where the subtitle breaks on screen) and its tags are `<x/>` codes
 * carrying their text. Indexes, cue ids, timings, settings and VTT NOTE/STYLE/REGION blocks are
 * never touched, so an untranslated merge gives the bytes back.
 */
function extract(kind: 'srt' | 'vtt', bytes: Uint8Array): ReturnType<DocumentFilter['extract']> {
  const { text, encoding } = decodeText(bytes, kind.toUpperCase());
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const segments: ExtractedSegment[] = [];
  const cues: SubtitleSkeleton['cues'] = [];
  if (kind === 'vtt' && !/^WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text)) {
    throw new DocumentFormatError('WebVTT: the file does not start with WEBVTT', {
      line: 1,
      column: 1,
    });
  }
  const lines = [...text.matchAll(/[^\r\n]*(?:\r?\n|$)/g)].filter((m) => m[0] !== '');
  let lineNo = 0;
  let block: Array<{ text: string; start: number; line: number }> = [];
  const flush = () => {
    if (block.length > 0) addBlock(block);
    block = [];
  };
  const addBlock = (b: typeof block) => {
    if (kind === 'vtt' && /^(WEBVTT|NOTE|STYLE|REGION)\b/.test(b[0]!.text)) return;
    const timing = b.findIndex((l) => l.text.includes('-->'));
    if (timing < 0) {
      throw new DocumentFormatError(`${kind.toUpperCase()}: a cue without a timing line`, {
        line: b[0]!.line,
        column: 1,
      });
    }
    if (!TIMING.test(b[timing]!.text.trim())) {
      throw new DocumentFormatError(`${kind.toUpperCase()}: a timing line that cannot be read`, {
        line: b[timing]!.line,
        column: 1,
      });
    }
    const body = b.slice(timing + 1);
    if (body.length === 0) return;
    const start = body[0]!.start;
    const last = body[body.length - 1]!;
    const end = last.start + last.text.length;
    const codes: string[] = [];
    const code = (native: string) => codeMarkup('x', 'standalone', codes.push(native));
    const lineSource = (line: string) =>
      line
        .split(TAG_SPLIT)
        .map((piece, k) => (k % 2 ? code(piece) : escapeSegmentText(piece)))
        .join('');
    const source = body
      .map((l) => lineSource(l.text))
      .reduce((all, next) => `${all}${code(eol)}${next}`);
    if (!/[\p{L}\p{N}]/u.test(body.map((l) => l.text.replace(TAG, '')).join(''))) return;
    const seg = segments.length;
    segments.push({ index: seg, source, target: null, contextKey: null, note: null });
    cues.push({ seg, start, end, codes });
  };
  for (const match of lines) {
    lineNo += 1;
    const raw = match[0];
    const content = raw.replace(/\r?\n$/, '');
    if (content.trim() === '') flush();
    else block.push({ text: content, start: match.index, line: lineNo });
  }
  flush();
  const skeleton: SubtitleSkeleton = {
    format: kind,
    version: 1,
    encoding,
    eol,
    text,
    segmentCount: segments.length,
    cues,
  };
  return { format: kind, srclang: null, trglang: null, segments, skeleton };
}

function merge(skeleton: SubtitleSkeleton, targets: Array<string | null>): Uint8Array {
  let out = '';
  let at = 0;
  for (const cue of skeleton.cues) {
    const target = targets[cue.seg];
    if (target == null) continue;
    let rendered = '';
    for (const token of parseSegment(target)) {
      if (token.kind === 'text') rendered += token.text;
      else if (token.tag === 'ph') rendered += token.native ?? '';
      else if (token.tag === 'x') rendered += cue.codes[Number(token.id) - 1] ?? '';
    }
    // A blank line would end the cue: line breaks of the target are single, in the file's style.
    // MT and matches put spaces around the line-break code; a line does not start or end with one.
    rendered = rendered.replace(/[ \t]*(?:\r?\n)+[ \t]*/g, skeleton.eol).trim();
    out += skeleton.text.slice(at, cue.start) + rendered;
    at = cue.end;
  }
  return encodeText(out + skeleton.text.slice(at), skeleton.encoding);
}

export const srtFilter: DocumentFilter<SubtitleSkeleton> = {
  format: 'srt',
  extensions: ['srt'],
  extract: (bytes) => extract('srt', bytes),
  merge,
};

export const vttFilter: DocumentFilter<SubtitleSkeleton> = {
  format: 'vtt',
  extensions: ['vtt'],
  extract: (bytes) => extract('vtt', bytes),
  merge,
};
