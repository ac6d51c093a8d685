import { parse } from 'parse5';
import { DocumentFormatError } from './errors';
import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import type { DocumentFilter } from './filter';
import { runToSegment, segmentToHtml, type HtmlCode } from './html-codes';
import { forgetReopened, walkHtml } from './html-walk';
import { escapeSegmentText, segmentToPlainText } from './inline-codes';
import type { ExtractedSegment } from './types';

interface Span {
  seg: number;
  start: number;
  end: number;
  /** A run's codes; absent for an attribute value. */
  codes?: HtmlCode[];
  /** An attribute value's quote ('' when unquoted). */
  quote?: '"' | "'" | '';
}

export interface HtmlSkeleton {
  format: 'html';
  version: 1;
  encoding: TextEncoding;
  text: string;
  segmentCount: number;
  spans: Span[];
  /** The value of `<html lang>`, set to the target language when anything is translated. */
  lang: [number, number] | null;
}

/**
 * HTML pages (parse5, the WHATWG parser, with source locations). Each run of text and phrasing
 * elements inside a block element is one segment (a paragraph stays whole: its inline codes tie
 * its sentences together), with inline elements as `<g>` pairs and void or untranslatable ones
 * (`<br>`, `<img>`, `<code>`, `translate="no"`) as `<x/>`; `alt`, `title`, `placeholder`,
 * `aria-label`, button values and meta descriptions are segments of their own. script, style,
 * pre, code, template and noscript are never entered. Merge writes only the translated ranges,
 * the page's own markup for every code, so an untranslated merge gives the bytes back.
 */
export const htmlFilter: DocumentFilter<HtmlSkeleton> = {
  format: 'html',
  extensions: ['html', 'htm', 'xhtml'],
  extract(bytes) {
    const { text, encoding } = decodeText(bytes, 'HTML');
    const document = parse(text, { sourceCodeLocationInfo: true });
    forgetReopened(document);
    const segments: ExtractedSegment[] = [];
    const spans: Span[] = [];
    const add = (source: string, span: Omit<Span, 'seg'>) => {
      const seg = segments.length;
      segments.push({ index: seg, source, target: null, contextKey: null, note: null });
      spans.push({ seg, ...span });
    };
    walkHtml(
      document,
      text,
      (run) => {
        const { source, codes, hasText } = runToSegment(run.nodes);
        if (!hasText) return;
        const raw = text.slice(run.start, run.end);
        const start = run.start + (raw.length - raw.trimStart().length);
        const end = run.end - (raw.length - raw.trimEnd().length);
        add(source, { start, end, codes });
      },
      ({ value, start, end, quote }) => {
        if (/[\p{L}\p{N}]/u.test(value))
          add(escapeSegmentText(value.trim()), { start, end, quote });
      },
    );
    spans.sort((a, b) => a.start - b.start);
    const lang = langValue(text);
    const skeleton: HtmlSkeleton = {
      ...{ format: 'html', version: 1, encoding, text, segmentCount: segments.length },
      spans,
      lang,
    };
    return { format: 'html', srclang: null, trglang: null, segments, skeleton };
  },
  merge(skeleton, targets, options) {
    if (skeleton.version !== 1) throw new DocumentFormatError('unknown HTML skeleton version');
    const { text } = skeleton;
    const edits = skeleton.spans.filter((span) => targets[span.seg] != null);
    if (edits.length === 0) return encodeText(text, skeleton.encoding);
    const rendered = (span: Span): string => {
      const target = targets[span.seg]!;
      if (span.codes) return segmentToHtml(target, span.codes, ([s, e]) => render(s, e));
      const value = escapeAttribute(segmentToPlainText(target), span.quote || '"');
      return span.quote === '' ? `"${value}"` : value;
    };
    // The bytes of [start, end) with the translated spans inside it (spans never cross).
    const render = (start: number, end: number): string => {
      let out = '';
      let at = start;
      for (const span of edits) {
        if (span.start < at || span.end > end) continue;
        out += text.slice(at, span.start) + rendered(span);
        at = span.end;
      }
      return out + text.slice(at, end);
    };
    let page = render(0, text.length);
    if (skeleton.lang) {
      const [s, e] = skeleton.lang;
      page = render(0, s) + options.trglang + render(e, text.length);
    }
    return encodeText(page, skeleton.encoding);
  },
};

const escapeAttribute = (s: string, quote: string) =>
  s.replace(/&/g, '&amp;').replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;');

/** The value range of the root element's `lang` attribute, if it has one. */
function langValue(text: string): [number, number] | null {
  const match = /<html\b[^>]*?\slang\s*=\s*(["']?)([^"'\s>]*)\1/i.exec(text);
  if (!match) return null;
  const start = match.index + match[0].length - match[1]!.length - match[2]!.length;
  return [start, start + match[2]!.length];
}
