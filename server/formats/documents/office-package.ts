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
import { hasWordsOutsideTags } from './inline-codes';
import { readZip, writeZip, type ZipEntry } from './office-zip';
import type { ExtractedSegment } from './types';
import { parseXml, type XmlElement } from './xml-tree';

/** How one Office format lays out its text: which parts, in which order, which elements. */
export interface OfficeLayout {
  format: 'docx' | 'pptx' | 'xlsx';
  /** The part every such package has (`word/document.xml`). */
  mainPart: string;
  /** The parts with text. */
  parts: RegExp;
  /** Sort key of a part: reading order. */
  order(name: string): number;
  /** The local names of a paragraph (`p`, or `si` and `is` for a spreadsheet string). */
  paragraph: ReadonlySet<string>;
  /** Whether a part can have text at all, from its name and text (cheap: before parsing). */
  worth?(name: string, text: string): boolean;
}

interface DocxPart {
  name: string;
  paragraphs: DocxParagraph[];
}

export interface OfficeSkeleton {
  format: 'docx' | 'pptx' | 'xlsx';
  version: 1;
  segmentCount: number;
  /** The original package, base64: every entry not rewritten is copied from it. */
  zip: string;
  parts: DocxPart[];
}

/** Every paragraph not inside another one (a text box's paragraphs travel with their drawing). */
function paragraphsOf(root: XmlElement, names: ReadonlySet<string>): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    for (const child of el.children) {
      if (child.type !== 'element') continue;
      if (names.has(child.local)) found.push(child);
      else walk(child);
    }
  };
  walk(root);
  return found;
}

/**
 * An Office Open XML package (see office-formats.ts): each paragraph with text of the layout's
 * parts is one segment; runs whose properties differ from the paragraph's main ones are `<g>`
 * pairs, hyperlinks are pairs, tabs, breaks, fields, drawings and note references are `<x/>`;
 * runs with the same properties are one (revision ids and proofing marks never make codes). A
 * translated paragraph is rebuilt from its target; every other byte of the package stays as it
 * was (the zip container is written anew, so an untranslated merge returns the original).
 */
export function officeFilter(layout: OfficeLayout): DocumentFilter<OfficeSkeleton> {
  const what = layout.format.toUpperCase();
  return {
    format: layout.format,
    extensions: [layout.format],
    extract(bytes) {
      const entries = readZip(bytes, what);
      if (!entries.some((e) => e.name === layout.mainPart)) {
        throw new DocumentFormatError(`${what}: the package has no ${layout.mainPart}`);
      }
      const segments: ExtractedSegment[] = [];
      const parts: DocxPart[] = [];
      const named = entries.filter((e) => layout.parts.test(e.name));
      named.sort(
        (a, b) => layout.order(a.name) - layout.order(b.name) || a.name.localeCompare(b.name),
      );
      for (const entry of named) {
        const { text } = decodeText(entry.data, entry.name);
        if (layout.worth && !layout.worth(entry.name, text)) continue;
        const root = parseXml(text, entry.name);
        const paragraphs: DocxParagraph[] = [];
        for (const p of paragraphsOf(root, layout.paragraph)) {
          const anchors: string[] = [];
          const tail: string[] = [];
          const pieces = paragraphPieces(p, text, anchors, tail);
          const base = baseProperties(pieces);
          const { source, codes } = piecesToSegment(pieces, base);
          if (!hasWordsOutsideTags(source)) continue;
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
            prefix: p.prefix ? `${p.prefix}:` : '',
            preserve: layout.format !== 'pptx',
            bare: layout.format === 'xlsx',
            tail: tail.join(''),
            anchors: anchors.join(''),
            base,
            codes,
          });
        }
        if (paragraphs.length > 0) parts.push({ name: entry.name, paragraphs });
      }
      const skeleton: OfficeSkeleton = {
        ...{ format: layout.format, version: 1, segmentCount: segments.length },
        zip: Buffer.from(bytes).toString('base64'),
        parts,
      };
      return { format: layout.format, srclang: null, trglang: null, segments, skeleton };
    },
    merge(skeleton, targets) {
      const original = Buffer.from(skeleton.zip, 'base64');
      if (targets.every((t) => t === null)) return new Uint8Array(original);
      const entries: ZipEntry[] = readZip(original, what);
      for (const part of skeleton.parts) {
        const changed = part.paragraphs.filter((p) => targets[p.seg] != null);
        if (changed.length === 0) continue;
        const entry = entries.find((e) => e.name === part.name)!;
        const { text, encoding } = decodeText(entry.data, part.name);
        let out = '';
        let at = 0;
        for (const p of changed) {
          const runs = segmentToRuns(targets[p.seg]!, p);
          out += `${text.slice(at, p.start)}${p.head}${p.anchors}${runs}${p.tail}${p.close}`;
          at = p.end;
        }
        entry.data = encodeText(out + text.slice(at), encoding);
      }
      return writeZip(entries);
    },
  };
}
