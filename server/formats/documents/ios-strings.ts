import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import { DocumentFormatError, positionAt } from './errors';
import type { DocumentFilter } from './filter';
import { segmentToPlainText } from './inline-codes';
import { protectPlaceholders } from './placeholders';
import type { ExtractedSegment } from './types';

export interface IosStringsSkeleton {
  format: 'ios-strings';
  version: 1;
  encoding: TextEncoding;
  text: string;
  segmentCount: number;
  spans: Array<{ seg: number; start: number; end: number }>;
}

const UNESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0' };
const unescapeStrings = (s: string) =>
  s.replace(/\\[Uu]([0-9a-fA-F]{4})|\\(.)/g, (_m, hex: string | undefined, ch: string) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : (UNESCAPES[ch] ?? ch),
  );
const escapeStrings = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(/\r/g, '\\r');

// One token at a time: blanks, a comment, a quoted string, a bare word, or one of `=` and `;`.
const TOKEN = /\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*|"((?:[^"\\]|\\.)*)"|([\w.$-]+)|([=;])/y;

/**
 * Apple `.strings` files (UTF-8 or UTF-16, as Xcode writes them): `"key" = "value";` pairs, the
 * comment before a pair as its note. Values are segments (escapes read, placeholders protected);
 * merge writes only values that got a target, escaped, in the file's own encoding.
 */
export const iosStringsFilter: DocumentFilter<IosStringsSkeleton> = {
  format: 'ios-strings',
  extensions: ['strings'],
  extract(bytes) {
    const { text, encoding } = decodeText(bytes, '.strings');
    const segments: ExtractedSegment[] = [];
    const spans: IosStringsSkeleton['spans'] = [];
    let comment: string | null = null;
    const pending: Array<{ value: string; start: number; end: number } | '='> = [];
    for (let at = 0; at < text.length;) {
      TOKEN.lastIndex = at;
      const m = TOKEN.exec(text);
      if (!m) throw new DocumentFormatError('.strings: unexpected text', positionAt(text, at));
      at = TOKEN.lastIndex;
      const token = m[0];
      if (/^\s/.test(token)) continue;
      if (token.startsWith('/*') || token.startsWith('//')) {
        comment = token.replace(/^\/\*|\*\/$|^\/\//g, '').trim();
        continue;
      }
      if (token === ';') {
        const [key, eq, value, ...extra] = pending.splice(0);
        if (!key || key === '=' || eq !== '=' || !value || value === '=' || extra.length > 0) {
          throw new DocumentFormatError(
            '.strings: expected "key" = "value";',
            positionAt(text, m.index),
          );
        }
        if (/[\p{L}\p{N}]/u.test(value.value)) {
          const seg = segments.length;
          const note = comment ? `${comment}\n${key.value}` : key.value;
          segments.push({
            index: seg,
            source: protectPlaceholders(value.value),
            target: null,
            contextKey: key.value,
            note,
          });
          spans.push({ seg, start: value.start, end: value.end });
        }
        comment = null;
        continue;
      }
      if (token === '=') pending.push('=');
      else if (m[1] !== undefined)
        pending.push({ value: unescapeStrings(m[1]), start: m.index + 1, end: at - 1 });
      else pending.push({ value: token, start: m.index, end: at });
    }
    if (pending.length > 0)
      throw new DocumentFormatError(
        '.strings: the last pair has no ;',
        positionAt(text, text.length),
      );
    const skeleton: IosStringsSkeleton = {
      ...{ format: 'ios-strings', version: 1, encoding, text, segmentCount: segments.length },
      spans,
    };
    return { format: 'ios-strings', srclang: null, trglang: null, segments, skeleton };
  },
  merge(skeleton, targets) {
    let out = '';
    let at = 0;
    for (const span of skeleton.spans) {
      const target = targets[span.seg];
      if (target == null) continue;
      out += skeleton.text.slice(at, span.start) + escapeStrings(segmentToPlainText(target));
      at = span.end;
    }
    return encodeText(out + skeleton.text.slice(at), skeleton.encoding);
  },
};
