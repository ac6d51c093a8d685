import type { DefaultTreeAdapterMap } from 'parse5';
import { codeMarkup, escapeSegmentText } from './inline-codes';
import { renderSegment, type RangeCode } from './range-codes';
import { isOpaque } from './html-walk';

type Node = DefaultTreeAdapterMap['node'];
type Range = [number, number];

/** A code of an HTML segment: a pair (its start and end tags) or one element kept whole. */
export type HtmlCode = RangeCode;

/**
 * A run's nodes as a segment string: text as text (whitespace runs read as one space), a
 * phrasing element with its end tag as a `<g>` pair around its content, anything else kept
 * whole (`<br>`, `<img>`, `<code>`, comments, `translate="no"`) as an `<x/>`. Codes keep only
 * offsets into the page: the page's own bytes are written back for them.
 */
export function runToSegment(nodes: Node[]): {
  source: string;
  codes: HtmlCode[];
  hasText: boolean;
} {
  const codes: HtmlCode[] = [];
  let source = '';
  let hasText = false;
  const add = (node: Node): void => {
    const where = node.sourceCodeLocation;
    if (node.nodeName === '#text') {
      const value = (node as DefaultTreeAdapterMap['textNode']).value;
      if (/[\p{L}\p{N}]/u.test(value)) hasText = true;
      // HTML's own whitespace (not a no-break space) reads as one space.
      source += escapeSegmentText(value.replace(/[ \t\n\r\f]+/g, ' '));
      return;
    }
    const element = 'tagName' in node ? (node as DefaultTreeAdapterMap['element']) : null;
    // Implied by the parser (a formatting element it reopened): only its content is the page's.
    if (!where) {
      if (element) element.childNodes.forEach(add);
      return;
    }
    if (!element || isOpaque(element)) {
      codes.push({ whole: [where.startOffset, where.endOffset] });
      source += codeMarkup('x', 'standalone', codes.length);
      return;
    }
    const location = element.sourceCodeLocation!;
    const id = codes.push({
      open: [location.startTag!.startOffset, location.startTag!.endOffset],
      close: [location.endTag!.startOffset, location.endTag!.endOffset],
    });
    source += codeMarkup('g', 'open', id);
    for (const child of element.childNodes) add(child);
    source += codeMarkup('g', 'close', id);
  };
  for (const node of nodes) add(node);
  return { source: source.trim(), codes, hasText };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A target back into HTML (see renderSegment), its text escaped for HTML. */
export const segmentToHtml = (
  target: string,
  codes: HtmlCode[],
  render: (range: Range) => string,
): string => renderSegment(target, codes, render, escapeHtml);
