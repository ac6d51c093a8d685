import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import type { DocumentFilter } from './filter';
import { codeMarkup, hasWordsOutsideTags } from './inline-codes';
import { escapeXmlText } from '../xml-escape';
import { protectPlaceholders } from './placeholders';
import { renderSegment, type RangeCode } from './range-codes';
import type { ExtractedSegment } from './types';
import { parseXml, type XmlElement, type XmlNode } from './xml-tree';

export interface AndroidSkeleton {
  format: 'android';
  version: 1;
  encoding: TextEncoding;
  text: string;
  segmentCount: number;
  /** `quoted`: the value is written in double quotes (blanks and apostrophes kept as they are). */
  spans: Array<{ seg: number; start: number; end: number; codes: RangeCode[]; quoted?: boolean }>;
}

const UNESCAPES: Record<string, string> = { n: '\n', t: '\t' };

/**
 * A resource value's text as the app shows it (aapt's rules): escapes (`\'`, `\"`, `\n`, `\t`,
 * `\@`, `\?`, `\\`, `\uXXXX`) read, unescaped double quotes dropped, and blanks outside quotes one
 * space. `state` carries the quoting across the element's children.
 */
const unescapeAndroid = (s: string, state: { inQuote: boolean }) =>
  s.replace(
    /\\u([0-9a-fA-F]{4})|\\(.)|(")|([ \t\r\n]+)/gs,
    (_m, hex?: string, ch?: string, quote?: string, blank?: string) => {
      if (hex) return String.fromCharCode(parseInt(hex, 16));
      if (ch !== undefined) return UNESCAPES[ch] ?? ch;
      if (quote) {
        state.inQuote = !state.inQuote;
        return '';
      }
      return state.inQuote ? blank! : ' ';
    },
  );

/** `"…"` around the whole value (blanks aside): merge writes the target quoted too. */
const isQuoted = (raw: string) => /^\s*"[\s\S]*(?<!\\)"\s*$/.test(raw) && raw.trim().length > 1;

/** Text to a resource value: escaped for Android, then for XML. */
const escapeAndroid = (s: string) =>
  escapeXmlText(
    s
      .replace(/\\/g, '\\\\')
      .replace(/'/g, "\\'")
      .replace(/"/g, '\\"')
      .replace(/\n/g, '\\n')
      .replace(/\t/g, '\\t')
      .replace(/^([@?])/, '\\$1'),
  );

const PAIRED = new Set([
  'b',
  'i',
  'u',
  'em',
  'strong',
  'font',
  'a',
  'span',
  'big',
  'small',
  'sup',
  'sub',
  'tt',
]);
const isTranslatable = (el: XmlElement) => el.attrs.translatable !== 'false';

/**
 * Android `strings.xml`: `<string>`, each `<item>` of `<plurals>` and `<string-array>`, skipping
 * `translatable="false"`. Escapes are read into text and written back; `<b>`, `<i>`, `<u>` and the
 * like are `<g>` pairs, `<xliff:g>` (text that must not be translated) and anything else `<x/>`;
 * placeholders are protected. Keys: `name`, `name[quantity]`, `name[index]`.
 */
export const androidFilter: DocumentFilter<AndroidSkeleton> = {
  format: 'android',
  extensions: ['xml'],
  sniff: (head) => /<resources[\s>]/.test(head),
  extract(bytes) {
    const { text, encoding } = decodeText(bytes, 'Android strings');
    const root = parseXml(text, 'Android strings');
    const segments: ExtractedSegment[] = [];
    const spans: AndroidSkeleton['spans'] = [];
    const add = (el: XmlElement, key: string) => {
      if (el.isSelfClosing) return;
      const codes: RangeCode[] = [];
      const state = { inQuote: false };
      const content = (nodes: XmlNode[]): string =>
        nodes
          .map((node) => {
            if (node.type === 'text') return protectPlaceholders(unescapeAndroid(node.text, state));
            if (PAIRED.has(node.local) && !node.isSelfClosing) {
              const id = codes.push({
                open: [node.start, node.openEnd],
                close: [node.closeStart, node.end],
              });
              return `${codeMarkup('g', 'open', id)}${content(node.children)}${codeMarkup('g', 'close', id)}`;
            }
            return codeMarkup('x', 'standalone', codes.push({ whole: [node.start, node.end] }));
          })
          .join('');
      const quoted = isQuoted(text.slice(el.openEnd, el.closeStart));
      let source = content(el.children);
      // Outside quotes, blanks at the ends are not shown (a value written over several lines).
      if (!quoted) source = source.replace(/^ | $/g, '');
      if (!hasWordsOutsideTags(source)) return;
      const seg = segments.length;
      segments.push({ index: seg, source, target: null, contextKey: key, note: key });
      spans.push({ seg, start: el.openEnd, end: el.closeStart, codes, ...(quoted && { quoted }) });
    };
    for (const el of root.children) {
      if (el.type !== 'element' || !isTranslatable(el)) continue;
      const name = el.attrs.name ?? '';
      if (el.local === 'string') add(el, name);
      const items = el.children.filter(
        (c): c is XmlElement => c.type === 'element' && c.local === 'item',
      );
      if (el.local === 'plurals') {
        for (const item of items) add(item, `${name}[${item.attrs.quantity ?? ''}]`);
      } else if (el.local === 'string-array') {
        items.forEach((item, i) => isTranslatable(item) && add(item, `${name}[${i}]`));
      }
    }
    const skeleton: AndroidSkeleton = {
      ...{ format: 'android', version: 1, encoding, text, segmentCount: segments.length },
      spans,
    };
    return { format: 'android', srclang: null, trglang: null, segments, skeleton };
  },
  merge(skeleton, targets) {
    const { text } = skeleton;
    let out = '';
    let at = 0;
    for (const span of skeleton.spans) {
      const target = targets[span.seg];
      if (target == null) continue;
      const value = renderSegment(target, span.codes, ([s, e]) => text.slice(s, e), escapeAndroid);
      out += text.slice(at, span.start) + (span.quoted ? `"${value}"` : value);
      at = span.end;
    }
    return encodeText(out + text.slice(at), skeleton.encoding);
  },
};
