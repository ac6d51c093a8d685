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

/**
 * Plain text. Every non-blank line is a block of its own (line breaks are kept exactly: they are
 * the author's), a list marker (`- `, `* `, `1. `) at its start is kept out of the segment, and
 * each block is then sentence-segmented.
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
    let at = 0;
    for (const piece of segmentSentences(body, options.srclang)) {
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
      const source = escapeSegmentText(core);
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

/**
 * Splits the text into blocks, one per non-blank line, and the line breaks between them. Lines
 * are never joined: in plain text a line break is the author's, and a wrapped paragraph joined
 * into one segment comes back with other breaks (and misses the memory's line-by-line matches).
 */
function forEachBlock(
  text: string,
  onBlock: (block: string) => void,
  onLiteral: (s: string) => void,
): void {
  for (const line of text.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
    const eol = /\r?\n$/.exec(line)?.[0] ?? '';
    const content = line.slice(0, line.length - eol.length);
    if (content.trim() === '') onLiteral(line);
    else {
      onBlock(content);
      onLiteral(eol);
    }
  }
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
