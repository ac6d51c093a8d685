import { isAlias, isMap, isScalar, isSeq, parseAllDocuments, type Node, type Scalar } from 'yaml';
import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import { DocumentFormatError, DocumentLimitError } from './errors';
import type { DocumentFilter } from './filter';
import { segmentToPlainText } from './inline-codes';
import { protectPlaceholders } from './placeholders';
import type { ExtractedSegment } from './types';

interface YamlSpan {
  seg: number;
  start: number;
  end: number;
  style: string;
}

export interface YamlSkeleton {
  format: 'yaml';
  version: 1;
  encoding: TextEncoding;
  text: string;
  segmentCount: number;
  spans: YamlSpan[];
  /** A Rails-style root key naming the source language (`en:`): renamed to the target's. */
  rootLanguage: { start: number; end: number } | null;
}

/** Aliases a file may use: more is an alias bomb (billion laughs in YAML). */
const MAX_ALIASES = 1_000;

/**
 * YAML (i18n files above all), with the `yaml` library's source ranges. Every non-blank string
 * value is a segment (keys never; an alias is its anchor's value, read once), its key path the
 * context and note. Merge replaces only those scalars, in their own style when the target fits
 * it (plain, quoted, block), so comments, anchors and layout stay as they were.
 */
export const yamlFilter: DocumentFilter<YamlSkeleton> = {
  format: 'yaml',
  extensions: ['yml', 'yaml'],
  extract(bytes, options) {
    const { text, encoding } = decodeText(bytes, 'YAML');
    const docs = parseAllDocuments(text, { uniqueKeys: false });
    if (!Array.isArray(docs)) throw new DocumentFormatError('YAML: no document could be read');
    const segments: ExtractedSegment[] = [];
    const spans: YamlSpan[] = [];
    let rootLanguage: YamlSkeleton['rootLanguage'] = null;
    for (const doc of docs) {
      const error = doc.errors[0];
      if (error) {
        const where = error.linePos?.[0];
        throw new DocumentFormatError(
          `YAML: ${error.message.split('\n')[0]}`,
          where && { line: where.line, column: where.col },
        );
      }
      try {
        doc.toJS({ maxAliasCount: MAX_ALIASES });
      } catch (e) {
        throw new DocumentLimitError(`YAML: ${(e as Error).message}`);
      }
      const walk = (node: unknown, path: string): void => {
        if (isAlias(node) || !node) return;
        if (isMap(node)) {
          for (const pair of node.items) {
            const key = isScalar(pair.key) ? String(pair.key.value) : '?';
            walk(pair.value, path ? `${path}.${key}` : key);
          }
        } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, `${path}[${i}]`));
        else if (isScalar(node)) addScalar(node, path);
      };
      const addScalar = (node: Scalar, path: string) => {
        if (typeof node.value !== 'string' || !node.value.trim() || !node.range) return;
        const seg = segments.length;
        segments.push({
          index: seg,
          source: protectPlaceholders(node.value),
          target: null,
          contextKey: path,
          note: path,
        });
        spans.push({ seg, start: node.range[0], end: node.range[1], style: node.type ?? 'PLAIN' });
      };
      const root = doc.contents as Node | null;
      if (isMap(root) && root.items.length === 1 && isScalar(root.items[0]!.key)) {
        const key = root.items[0]!.key;
        if (String(key.value).toLowerCase() === options.srclang.toLowerCase() && key.range) {
          rootLanguage = { start: key.range[0], end: key.range[1] };
        }
      }
      walk(root, '');
    }
    const skeleton: YamlSkeleton = {
      ...{ format: 'yaml', version: 1, encoding, text, segmentCount: segments.length },
      spans,
      rootLanguage,
    };
    return { format: 'yaml', srclang: null, trglang: null, segments, skeleton };
  },
  merge(skeleton, targets, options) {
    const { text } = skeleton;
    const edits = skeleton.spans
      .filter((span) => targets[span.seg] != null)
      .map((span) => ({
        ...span,
        value: writeScalar(segmentToPlainText(targets[span.seg]!), span, text),
      }));
    if (edits.length === 0) return encodeText(text, skeleton.encoding);
    if (skeleton.rootLanguage)
      edits.push({ ...skeleton.rootLanguage, seg: -1, style: '', value: options.trglang });
    edits.sort((a, b) => a.start - b.start);
    let out = '';
    let at = 0;
    for (const edit of edits) {
      out += text.slice(at, edit.start) + edit.value;
      at = edit.end;
    }
    return encodeText(out + text.slice(at), skeleton.encoding);
  },
};

// A plain scalar cannot start with an indicator, hold `: ` or ` #`, or end in spaces or `:`.
const PLAIN_SAFE = /^(?![-?:,[\]{}#&*!|>'"%@`\s])(?!.*(?:: | #|\s$|:$))[^\n\r\t]*$/;

/** The target in the scalar's own style when it fits, else double-quoted. */
function writeScalar(value: string, span: YamlSpan, text: string): string {
  if (span.style === 'QUOTE_SINGLE' && !/[\n\r]/.test(value))
    return `'${value.replace(/'/g, "''")}'`;
  if (
    span.style === 'PLAIN' &&
    PLAIN_SAFE.test(value) &&
    !/^(true|false|null|~|[-+.\d])/i.test(value)
  ) {
    return value;
  }
  if (span.style === 'BLOCK_LITERAL' || span.style === 'BLOCK_FOLDED') {
    const original = text.slice(span.start, span.end);
    const header = original.slice(0, original.indexOf('\n') + 1);
    const indent = /\n([ ]+)/.exec(original)?.[1] ?? '  ';
    const lines = value.replace(/\r\n/g, '\n').split('\n');
    const trail = /\n$/.test(original) ? '\n' : '';
    return `${header}${lines.map((line) => (line ? indent + line : line)).join('\n')}${trail}`;
  }
  return JSON.stringify(value);
}
