import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import type { Nodes, Parent } from 'mdast';
import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import type { DocumentFilter } from './filter';
import { codeMarkup, escapeSegmentText, hasWordsOutsideTags } from './inline-codes';
import { renderSegment, type RangeCode } from './range-codes';
import type { ExtractedSegment } from './types';

export interface MarkdownSkeleton {
  format: 'markdown';
  version: 1;
  encoding: TextEncoding;
  text: string;
  segmentCount: number;
  spans: Array<{ seg: number; start: number; end: number; codes: RangeCode[] }>;
}

/** Blocks whose inline content is one segment. */
const BLOCKS = new Set(['paragraph', 'heading', 'tableCell']);
/** Inline nodes whose content is translated, between their own markup: `<g>` pairs. */
const PAIRS = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);

const start = (node: Nodes) => node.position!.start.offset!;
const end = (node: Nodes) => node.position!.end.offset!;

/** Text of a target as Markdown: characters that would start markup are escaped. */
const escapeMarkdown = (s: string) =>
  s
    .replace(/[\\`*[\]<]/g, '\\$&')
    .replace(/(^|\s)_/g, '$1\\_')
    .replace(/_(\s|$)/g, '\\_$1');

/**
 * Markdown (CommonMark + GFM, with front matter), read by mdast-util-from-markdown with positions.
 * The inline content of each paragraph, heading and table cell is one segment: emphasis, strong,
 * strikethrough and links are `<g>` pairs whose markup (`**`, `[`, `](url)`) stays the file's;
 * inline code, HTML, images, breaks and footnote references are `<x/>`. Code blocks, front
 * matter, HTML blocks, definitions and every URL are never touched. Soft line breaks inside a
 * paragraph carry no meaning in Markdown: a translated paragraph is written on one line.
 */
export const markdownFilter: DocumentFilter<MarkdownSkeleton> = {
  format: 'markdown',
  extensions: ['md', 'markdown'],
  extract(bytes) {
    const { text, encoding } = decodeText(bytes, 'Markdown');
    const tree = fromMarkdown(text, {
      extensions: [gfm(), frontmatter(['yaml', 'toml'])],
      mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml', 'toml'])],
    });
    const segments: ExtractedSegment[] = [];
    const spans: MarkdownSkeleton['spans'] = [];
    const inline = (nodes: Nodes[], codes: RangeCode[]): string =>
      nodes
        .map((node) => {
          if (node.type === 'text')
            return escapeSegmentText(node.value.replace(/[ \t]*\r?\n[ \t]*/g, ' '));
          const children = 'children' in node ? (node.children as Nodes[]) : [];
          if (PAIRS.has(node.type) && children.length > 0) {
            const first = children[0]!;
            const last = children[children.length - 1]!;
            const id = codes.push({
              open: [start(node), start(first)],
              close: [end(last), end(node)],
            });
            return `${codeMarkup('g', 'open', id)}${inline(children, codes)}${codeMarkup('g', 'close', id)}`;
          }
          return codeMarkup('x', 'standalone', codes.push({ whole: [start(node), end(node)] }));
        })
        .join('');
    const walk = (node: Nodes): void => {
      if (BLOCKS.has(node.type)) {
        const children = (node as Parent).children as Nodes[];
        const located = children.filter((c) => c.position);
        if (located.length === 0) return;
        const codes: RangeCode[] = [];
        const source = inline(located, codes).trim();
        const plain = located.some(
          (c) =>
            c.type !== 'inlineCode' &&
            c.type !== 'html' &&
            /[\p{L}\p{N}]/u.test(text.slice(start(c), end(c))),
        );
        if (!plain || !hasWordsOutsideTags(source)) return;
        const seg = segments.length;
        segments.push({ index: seg, source, target: null, contextKey: null, note: null });
        spans.push({
          seg,
          start: start(located[0]!),
          end: end(located[located.length - 1]!),
          codes,
        });
        return;
      }
      if ('children' in node) for (const child of node.children as Nodes[]) walk(child);
    };
    walk(tree);
    const skeleton: MarkdownSkeleton = {
      ...{ format: 'markdown', version: 1, encoding, text, segmentCount: segments.length },
      spans,
    };
    return { format: 'markdown', srclang: null, trglang: null, segments, skeleton };
  },
  merge(skeleton, targets) {
    const { text } = skeleton;
    let out = '';
    let at = 0;
    for (const span of skeleton.spans) {
      const target = targets[span.seg];
      if (target == null) continue;
      const render = ([s, e]: [number, number]) => text.slice(s, e);
      out += text.slice(at, span.start) + renderSegment(target, span.codes, render, escapeMarkdown);
      at = span.end;
    }
    return encodeText(out + text.slice(at), skeleton.encoding);
  },
};
