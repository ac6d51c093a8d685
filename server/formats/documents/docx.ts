import { decodeText, encodeText } from './encoding';
import { DocumentFormatError } from './errors';
import type { DocumentFilter } from './filter';
import {
  baseProperties,
  paragraphPieces,
  piecesToSegment,
  segmentToRuns,
  type DocxParagraph,
} from './docx-paragraph';
import { readZip, writeZip, type ZipEntry } from './office-zip';
import type { ExtractedSegment } from './types';
import { parseXml, type XmlElement } from './xml-tree';

interface DocxPart {
  name: string;
  paragraphs: DocxParagraph[];
}

export interface DocxSkeleton {
  format: 'docx';
  version: 1;
  segmentCount: number;
  /** The original package, base64: every entry not rewritten is copied from it. */
  zip: string;
  parts: DocxPart[];
}

/** The parts with text, in reading order: body, headers, footers, notes, comments. */
const PART = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;
const ORDER = ['document', 'header', 'footer', 'footnotes', 'endnotes', 'comments'];
const rank = (name: string) => ORDER.findIndex((kind) => name.startsWith(`word/${kind}`));

/** Every `w:p` not inside another one (a text box's paragraphs travel with their drawing). */
function paragraphsOf(root: XmlElement): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    for (const child of el.children) {
      if (child.type !== 'element') continue;
      if (child.local === 'p') found.push(child);
      else walk(child);
    }
  };
  walk(root);
  return found;
}

/**
 * Word documents (.docx): each paragraph with text of the body, headers, footers, footnotes,
 * endnotes and comments is one segment. Runs whose properties differ from the paragraph's main
 * ones are `<g>` pairs (bold, italic, a style), hyperlinks are pairs, tabs, breaks, fields,
 * drawings and note references are `<x/>`; runs with the same properties are one (revision ids
 * and proofing marks never make codes). A translated paragraph is rebuilt from its target; every
 * other byte of the package stays as it was (the zip container itself is written anew, so an
 * untranslated merge gives the same entries, not the same container: it returns the original).
 */
export const docxFilter: DocumentFilter<DocxSkeleton> = {
  format: 'docx',
  extensions: ['docx'],
  extract(bytes) {
    const entries = readZip(bytes, 'DOCX');
    if (!entries.some((e) => e.name === 'word/document.xml')) {
      throw new DocumentFormatError('DOCX: the package has no word/document.xml');
    }
    const segments: ExtractedSegment[] = [];
    const parts: DocxPart[] = [];
    const named = entries.filter((e) => PART.test(e.name));
    named.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
    for (const entry of named) {
      const { text } = decodeText(entry.data, entry.name);
      const root = parseXml(text, entry.name);
      const paragraphs: DocxParagraph[] = [];
      for (const p of paragraphsOf(root)) {
        const anchors: string[] = [];
        const pieces = paragraphPieces(p, text, anchors);
        const base = baseProperties(pieces);
        const { source, codes } = piecesToSegment(pieces, base);
        if (!/[\p{L}\p{N}]/u.test(source.replace(/<[^>]*>/g, ''))) continue;
        const pPr = p.children.find(
          (c): c is XmlElement => c.type === 'element' && c.local === 'pPr',
        );
        const head = text.slice(p.start, pPr ? pPr.end : p.openEnd);
        const seg = segments.length;
        segments.push({ index: seg, source, target: null, contextKey: null, note: null });
        paragraphs.push({
          seg,
          start: p.start,
          end: p.end,
          head,
          close: `</${p.name}>`,
          anchors: anchors.join(''),
          base,
          codes,
        });
      }
      if (paragraphs.length > 0) parts.push({ name: entry.name, paragraphs });
    }
    const skeleton: DocxSkeleton = {
      ...{ format: 'docx', version: 1, segmentCount: segments.length },
      zip: Buffer.from(bytes).toString('base64'),
      parts,
    };
    return { format: 'docx', srclang: null, trglang: null, segments, skeleton };
  },
  merge(skeleton, targets) {
    const original = Buffer.from(skeleton.zip, 'base64');
    if (targets.every((t) => t === null)) return new Uint8Array(original);
    const entries: ZipEntry[] = readZip(original, 'DOCX');
    for (const part of skeleton.parts) {
      const changed = part.paragraphs.filter((p) => targets[p.seg] != null);
      if (changed.length === 0) continue;
      const entry = entries.find((e) => e.name === part.name)!;
      const { text, encoding } = decodeText(entry.data, part.name);
      let out = '';
      let at = 0;
      for (const p of changed) {
        const runs = segmentToRuns(targets[p.seg]!, p);
        out += `${text.slice(at, p.start)}${p.head}${p.anchors}${runs}${p.close}`;
        at = p.end;
      }
      entry.data = encodeText(out + text.slice(at), encoding);
    }
    return writeZip(entries);
  },
};
