import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import { escapeSegmentText, segmentToPlainText } from './inline-codes';
import { scanJsonStrings } from './json-scan';
import type { ExtractedDocument, ExtractedSegment } from './types';

export interface JsonSkeleton {
  format: 'json';
  version: 1;
  encoding: TextEncoding;
  text: string;
  /** The string literals that are segments. */
  segmentCount: number;
  spans: Array<{ seg: number; start: number; end: number }>;
  /** The file writes non-ASCII characters as \u escapes: targets are written the same way. */
  isAsciiEscaped: boolean;
}

/**
 * JSON key-value files (i18next, Chrome/WebExtension-like, nested or flat): every non-blank string
 * value is one segment, kept whole (UI strings: not sentence-segmented); keys and other values
 * are untouched. The key path is both the context key and the note. Merge replaces only the string
 * literals that got a target, so key order, indentation and spacing stay exactly as they were.
 */
export function extractJson(bytes: Uint8Array): ExtractedDocument {
  const { text, encoding } = decodeText(bytes, 'JSON');
  const segments: ExtractedSegment[] = [];
  const spans: JsonSkeleton['spans'] = [];
  for (const s of scanJsonStrings(text)) {
    if (s.value.trim() === '') continue;
    const seg = segments.length;
    const source = escapeSegmentText(s.value);
    segments.push({ index: seg, source, target: null, contextKey: s.path, note: s.path });
    spans.push({ seg, start: s.start, end: s.end });
  }
  const isAsciiEscaped = !/[\u0080-\uffff]/.test(text) && /\\u[0-9a-fA-F]{4}/.test(text);
  const skeleton: JsonSkeleton = {
    format: 'json',
    version: 1,
    encoding,
    text,
    segmentCount: segments.length,
    spans,
    isAsciiEscaped,
  };
  return { format: 'json', srclang: null, trglang: null, segments, skeleton };
}

export function mergeJson(skeleton: JsonSkeleton, targets: Array<string | null>): Uint8Array {
  const { text } = skeleton;
  const parts: string[] = [];
  let at = 0;
  for (const span of skeleton.spans) {
    const target = targets[span.seg] ?? null;
    if (target === null) continue;
    let literal = JSON.stringify(segmentToPlainText(target));
    if (skeleton.isAsciiEscaped) {
      literal = literal.replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
    }
    parts.push(text.slice(at, span.start), literal);
    at = span.end;
  }
  parts.push(text.slice(at));
  return encodeText(parts.join(''), skeleton.encoding);
}
