import { segmentSentences } from '../segmentation/segment-sentences';
import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import { escapeSegmentText, segmentToPlainText } from './inline-codes';
import type { ExtractedDocument, ExtractedSegment, LanguagePair } from './types';

/** The file as literal pieces and segments (with their original text, written when untranslated). */
export interface TextSkeleton {
  format: 'text';
  version: 1;
  encoding: TextEncoding;
  eol: '\n' | '\r\n';
  segmentCount: number;
  parts: Array<string | { seg: number; raw: string }>;
}

const LIST_MARKER = /^[ \t]*(?:[-*+•▪◦‣]|\d{1,3}[.)])[ \t]+/u;
const SOFT_WRAP_MIN = 40;

/**
 * Plain text. Paragraphs are separated by blank lines. Inside a paragraph, a line break is a
 * hard-wrap of running text (read as a space) when the line before is at least 40 characters
 * long or the next line starts in lower case; otherwise (short lines: headings, addresses, lists)
 * it ends the segment, and a line starting with a list marker (`- `, `* `, `1. `) always starts a
 * new one, with the marker kept out of the segment. Each block is then sentence-segmented.
 * Whitespace, line breaks, markers and pieces without letters or digits stay in the skeleton, so
 * merging with no targets gives back the exact bytes (BOM and CRLF included).
 */
export function extractText(bytes: Uint8Array, options: LanguagePair): ExtractedDocument {
  const { text, encoding } = decodeText(bytes, 'Text file');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const parts: TextSkeleton['parts'] = [];
  const segments: ExtractedSegment[] = [];
  const literal = (s: string) => {
    if (s === '') return;
    const last = parts[parts.length - 1];
    if (typeof last === 'string') parts[parts.length - 1] = last + s;
    else parts.push(s);
  };
  const addBlock = (block: string) => {
    const marker = LIST_MARKER.exec(block)?.[0] ?? /^\s*/u.exec(block)![0];
    literal(marker);
    const body = block.slice(marker.length);
    const flat = body.replace(/[\r\n]/g, ' ');
    let at = 0;
    for (const piece of segmentSentences(flat, options.srclang)) {
      const raw = body.slice(at, at + piece.length);
      at += piece.length;
      const core = raw.trim();
      const lead = raw.slice(0, raw.indexOf(core));
      if (core === '' || !/[\p{L}\p{N}]/u.test(core)) {
        literal(raw);
        continue;
      }
      literal(lead);
      const seg = segments.length;
      const source = escapeSegmentText(core.replace(/[ \t]*\r?\n[ \t]*/g, ' '));
      segments.push({ index: seg, source, target: null, contextKey: null, note: null });
      parts.push({ seg, raw: core });
      literal(raw.slice(lead.length + core.length));
    }
  };
  forEachBlock(text, addBlock, literal);
  const skeleton: TextSkeleton = {
    format: 'text',
    version: 1,
    encoding,
    eol,
    segmentCount: segments.length,
    parts,
  };
  return { format: 'text', srclang: null, trglang: null, segments, skeleton };
}

/** Splits the text into blocks (segmentable runs of lines) and the line breaks between them. */
function forEachBlock(
  text: string,
  onBlock: (block: string) => void,
  onLiteral: (s: string) => void,
): void {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  let block: string[] = [];
  let pendingEol = '';
  const flush = () => {
    if (block.length > 0) onBlock(block.join(''));
    onLiteral(pendingEol);
    block = [];
    pendingEol = '';
  };
  for (const line of lines) {
    const eol = /\r?\n$/.exec(line)?.[0] ?? '';
    const content = line.slice(0, line.length - eol.length);
    if (content.trim() === '') {
      flush();
      onLiteral(line);
      continue;
    }
    if (block.length > 0 && !isSoftWrap(block[block.length - 1]!, content)) flush();
    if (block.length > 0) block.push(pendingEol);
    block.push(content);
    pendingEol = eol;
  }
  flush();
}

function isSoftWrap(previous: string, next: string): boolean {
  if (LIST_MARKER.test(next)) return false;
  return previous.trim().length >= SOFT_WRAP_MIN || /^\s*\p{Ll}/u.test(next);
}

/** Writes the text back: a segment's target (as plain text, the file's line ends), or its original. */
export function mergeText(skeleton: TextSkeleton, targets: Array<string | null>): Uint8Array {
  const out: string[] = [];
  for (const part of skeleton.parts) {
    if (typeof part === 'string') {
      out.push(part);
      continue;
    }
    const target = targets[part.seg] ?? null;
    out.push(
      target === null ? part.raw : segmentToPlainText(target).replace(/\r?\n/g, skeleton.eol),
    );
  }
  return encodeText(out.join(''), skeleton.encoding);
}
