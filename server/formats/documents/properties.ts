import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import { DocumentFormatError } from './errors';
import type { DocumentFilter } from './filter';
import { segmentToPlainText } from './inline-codes';
import { protectPlaceholders } from './placeholders';
import type { ExtractedSegment } from './types';

export interface PropertiesSkeleton {
  format: 'properties';
  version: 1;
  /** `latin1`: the file is not UTF-8, so it is ISO-8859-1, Java's old default. */
  encoding: TextEncoding | 'latin1';
  text: string;
  segmentCount: number;
  spans: Array<{ seg: number; start: number; end: number }>;
  /** Write characters outside ASCII (or outside Latin-1) as `\uXXXX`, as the file does. */
  escapeNonAscii: boolean;
}

const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

/** A value as written (continuations and escapes) to its text. */
function unescapeValue(raw: string): string {
  return raw
    .replace(/\\\r?\n[ \t\f]*/g, '')
    .replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_m, hex: string | undefined, ch: string) =>
      hex ? String.fromCharCode(parseInt(hex, 16)) : (ESCAPES[ch] ?? ch),
    );
}

function escapeValue(value: string, escapeNonAscii: boolean, latin1: boolean): string {
  let out = value
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/\f/g, '\\f')
    .replace(/^ /, '\\ ');
  const limit = escapeNonAscii ? 0x7f : latin1 ? 0xff : Infinity;
  out = out.replace(/[^\0-\x7f]/g, (c) =>
    c.charCodeAt(0) > limit ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c,
  );
  return out;
}

/**
 * Java .properties. Read by hand: the line grammar (comments, `=`/`:`/space separators, `\`
 * continuations, escapes) is small and no kept library gives byte positions back. Each value is a
 * segment (placeholders protected), its key the context and note with the comment above it. A
 * file that is not UTF-8 is read as ISO-8859-1. Merge rewrites only values that got a target.
 */
export const propertiesFilter: DocumentFilter<PropertiesSkeleton> = {
  format: 'properties',
  extensions: ['properties'],
  extract(bytes) {
    let text: string;
    let encoding: PropertiesSkeleton['encoding'];
    try {
      ({ text, encoding } = decodeText(bytes, '.properties'));
    } catch (error) {
      if (!(error instanceof DocumentFormatError) || !/UTF-8/.test(error.message)) throw error;
      text = new TextDecoder('latin1').decode(bytes);
      encoding = 'latin1';
    }
    const segments: ExtractedSegment[] = [];
    const spans: PropertiesSkeleton['spans'] = [];
    let comment: string[] = [];
    // A logical line: physical lines joined while one ends in an odd number of backslashes.
    const LOGICAL = /(?:[^\r\n\\]|\\[^\r\n]|\\\r?\n)*/g;
    for (let m = LOGICAL.exec(text); m; m = LOGICAL.exec(text)) {
      if (m[0] === '') {
        // At a line end: step over it.
        if (m.index >= text.length) break;
        LOGICAL.lastIndex = m.index + 1;
        continue;
      }
      const line = m[0];
      const lead = /^[ \t\f]*/.exec(line)![0].length;
      if (lead === line.length) continue;
      if (line[lead] === '#' || line[lead] === '!') {
        comment.push(line.slice(lead + 1).trim());
        continue;
      }
      const keyMatch = /^((?:[^\s=:\\]|\\.)+)[ \t\f]*[=:]?[ \t\f]*/s.exec(line.slice(lead));
      const key = unescapeValue(keyMatch![1]!);
      const valueStart = m.index + lead + keyMatch![0].length;
      const value = unescapeValue(text.slice(valueStart, m.index + line.length));
      const note = [...comment, key].join('\n');
      comment = [];
      if (!/[\p{L}\p{N}]/u.test(value)) continue;
      const seg = segments.length;
      segments.push({
        index: seg,
        source: protectPlaceholders(value),
        target: null,
        contextKey: key,
        note,
      });
      spans.push({ seg, start: valueStart, end: m.index + line.length });
    }
    const escapeNonAscii = !/[^\0-\x7f]/.test(text) && /\\u[0-9a-fA-F]{4}/.test(text);
    const skeleton: PropertiesSkeleton = {
      ...{ format: 'properties', version: 1, encoding, text, segmentCount: segments.length },
      spans,
      escapeNonAscii,
    };
    return { format: 'properties', srclang: null, trglang: null, segments, skeleton };
  },
  merge(skeleton, targets) {
    const latin1 = skeleton.encoding === 'latin1';
    let out = '';
    let at = 0;
    for (const span of skeleton.spans) {
      const target = targets[span.seg];
      if (target == null) continue;
      const value = escapeValue(segmentToPlainText(target), skeleton.escapeNonAscii, latin1);
      out += skeleton.text.slice(at, span.start) + value;
      at = span.end;
    }
    out += skeleton.text.slice(at);
    if (skeleton.encoding === 'latin1') return new Uint8Array(Buffer.from(out, 'latin1'));
    return encodeText(out, skeleton.encoding);
  },
};
