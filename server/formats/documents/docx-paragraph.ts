import { codeMarkup, escapeSegmentText, parseSegment, segmentToPlainText } from './inline-codes';
import { escapeXmlText } from '../xml-escape';
import type { XmlElement } from './xml-tree';

/** A code of a DOCX paragraph: formatting, a hyperlink around runs, or markup kept whole. */
export type DocxCode =
  | { kind: 'format'; rPr: string }
  | { kind: 'link'; open: string; close: string; base: string }
  | { kind: 'whole'; xml: string };

/** What a paragraph's rebuild needs: its head (`<w:p>` and properties) and run properties. */
export interface DocxParagraph {
  seg: number;
  start: number;
  end: number;
  head: string;
  /** `</w:p>`, with the file's own prefix. */
  close: string;
  /** The run elements' prefix, the paragraph's own: `w:` (Word), `a:` (DrawingML), `` or `x:`. */
  prefix: string;
  /** `xml:space="preserve"` on written text (not in DrawingML); absent in older skeletons. */
  preserve?: boolean;
  /** A spreadsheet string: without codes its text is a bare `<t>`, as Excel writes it. */
  bare?: boolean;
  /** Kept at the end of a rewritten paragraph (DrawingML's end-of-paragraph properties). */
  tail: string;
  /** Kept at the start of a rewritten paragraph (bookmarks), so references still find it. */
  anchors: string;
  base: string;
  codes: DocxCode[];
}

type Piece =
  | { kind: 'text'; text: string; rPr: string }
  | { kind: 'whole'; xml: string }
  | { kind: 'link'; open: string; close: string; pieces: Piece[] };

const IGNORED = new Set([
  'proofErr',
  'lastRenderedPageBreak',
  'rsid',
  'permStart',
  'permEnd',
  'phoneticPr',
  'rPh',
]);
const ANCHORS = new Set(['bookmarkStart', 'bookmarkEnd']);
const TRANSPARENT = new Set(['ins', 'smartTag', 'customXml', 'sdtContent', 'sdt']);

/**
 * Run properties as compared: without what never shows (the spelling language, proofing flags,
 * a font hint, revision ids), so spell-check noise does not split runs into codes.
 */
export function formatKey(rPr: string): string {
  return rPr
    .replace(/<w:(?:lang|noProof|spellingErr)\b[^>]*\/>|<w:rFonts w:hint="[^"]*"\/>/g, '')
    .replace(/\s(?:lang|altLang|dirty|err|noProof|smtClean|smtId|w:rsid\w*)="[^"]*"/g, '')
    .replace(/^<(?:\w+:)?rPr\s*(?:\/>|>\s*<\/(?:\w+:)?rPr>)$/, '');
}

/**
 * A paragraph's content as pieces: each run's text with its properties, marks (tabs, breaks,
 * fields, drawings, note references) kept whole as runs of their own, hyperlinks around their
 * pieces. Proofing marks are dropped; deleted text (tracked) is not part of it.
 */
export function paragraphPieces(
  p: XmlElement,
  xml: string,
  anchors: string[],
  tail: string[],
): Piece[] {
  const pieces: Piece[] = [];
  const run = (r: XmlElement) => {
    const props = r.children.find(
      (c): c is XmlElement => c.type === 'element' && c.local === 'rPr',
    );
    const rPr = props ? xml.slice(props.start, props.end) : '';
    for (const child of r.children) {
      if (child.type !== 'element' || child.local === 'rPr' || IGNORED.has(child.local)) continue;
      if (child.local === 't') {
        const text = child.children.map((c) => (c.type === 'text' ? c.text : '')).join('');
        if (text) pieces.push({ kind: 'text', text, rPr });
      } else if (child.local !== 'delText') {
        // Tabs, breaks, field characters, drawings, note references: a run of their own.
        const r0 = xml.slice(r.start, r.openEnd);
        pieces.push({
          kind: 'whole',
          xml: `${r0}${rPr}${xml.slice(child.start, child.end)}</${r.name}>`,
        });
      }
    }
  };
  const walk = (parent: XmlElement, into: Piece[]) => {
    for (const child of parent.children) {
      if (child.type !== 'element' || child.local === 'pPr' || IGNORED.has(child.local)) continue;
      if (child.local === 't') {
        // A spreadsheet string's plain text, outside any run.
        const text = child.children.map((c) => (c.type === 'text' ? c.text : '')).join('');
        if (text) into.push({ kind: 'text', text, rPr: '' });
      } else if (child.local === 'endParaRPr') tail.push(xml.slice(child.start, child.end));
      else if (child.local === 'r') {
        const before = pieces.length;
        run(child);
        if (into !== pieces) into.push(...pieces.splice(before));
      } else if (ANCHORS.has(child.local)) anchors.push(xml.slice(child.start, child.end));
      else if (child.local === 'hyperlink') {
        const link: Piece = {
          kind: 'link',
          open: xml.slice(child.start, child.openEnd),
          close: xml.slice(child.closeStart, child.end),
          pieces: [],
        };
        into.push(link);
        walk(child, link.pieces);
      } else if (TRANSPARENT.has(child.local)) walk(child, into);
      else if (child.local !== 'del')
        into.push({ kind: 'whole', xml: xml.slice(child.start, child.end) });
    }
  };
  walk(p, pieces);
  return pieces;
}

/** The properties most of the paragraph's text has: its text is plain, the rest formatted. */
export function baseProperties(pieces: Piece[]): string {
  // By format key; the first run's properties of that key are the ones written.
  const weight = new Map<string, { rPr: string; chars: number }>();
  const count = (list: Piece[]): void =>
    list.forEach((piece) => {
      if (piece.kind === 'link') count(piece.pieces);
      if (piece.kind !== 'text') return;
      const key = formatKey(piece.rPr);
      const seen = weight.get(key) ?? weight.set(key, { rPr: piece.rPr, chars: 0 }).get(key)!;
      // A DrawingML link is a run property: never the base of text around it, if there is any.
      seen.chars += piece.rPr.includes('hlinkClick') ? 0 : piece.text.length;
    });
  count(pieces);
  return [...weight.values()].sort((a, b) => b.chars - a.chars)[0]?.rPr ?? '';
}

/** Pieces as a segment string: formatted text in `<g>` pairs, links as pairs, marks as `<x/>`. */
export function piecesToSegment(
  pieces: Piece[],
  base: string,
): { source: string; codes: DocxCode[] } {
  const codes: DocxCode[] = [];
  const render = (list: Piece[], base: string): string => {
    let out = '';
    const baseKey = formatKey(base);
    let open: string | null = null;
    const close = () => {
      if (open !== null) out += codeMarkup('g', 'close', 0);
      open = null;
    };
    for (const piece of list) {
      if (piece.kind === 'text') {
        const key = formatKey(piece.rPr);
        if (open !== null && open !== key) close();
        if (open === null && key !== baseKey) {
          open = key;
          out += codeMarkup('g', 'open', codes.push({ kind: 'format', rPr: piece.rPr }));
        }
        out += escapeSegmentText(piece.text);
      } else if (piece.kind === 'whole') {
        close();
        // Marks next to each other (a field's begin, instruction and separator) are one code.
        const last = codes[codes.length - 1];
        if (last?.kind === 'whole' && out.endsWith(codeMarkup('x', 'standalone', codes.length))) {
          last.xml += piece.xml;
        } else {
          out += codeMarkup('x', 'standalone', codes.push({ kind: 'whole', xml: piece.xml }));
        }
      } else {
        close();
        // The link's own style (Hyperlink) is its content's base: no pair inside a pair for it.
        const linkBase = baseProperties(piece.pieces);
        const id = codes.push({
          kind: 'link',
          open: piece.open,
          close: piece.close,
          base: linkBase,
        });
        const inner = render(piece.pieces, linkBase);
        out += `${codeMarkup('g', 'open', id)}${inner}${codeMarkup('g', 'close', id)}`;
      }
    }
    close();
    return out;
  };
  return { source: render(pieces, base), codes };
}

/** A target back into runs: text with the base or a pair's properties, codes as they were. */
export function segmentToRuns(target: string, para: DocxParagraph): string {
  const { prefix } = para;
  const space = (para.preserve ?? prefix !== 'a:') ? ' xml:space="preserve"' : '';
  if (para.bare && para.codes.length === 0 && formatKey(para.base) === '') {
    return `<${prefix}t${space}>${escapeXmlText(segmentToPlainText(target))}</${prefix}t>`;
  }
  let out = '';
  const formats: string[] = [];
  const open: number[] = [];
  const text = (t: string) => {
    const rPr = formats[formats.length - 1] ?? para.base;
    out += `<${prefix}r>${rPr}<${prefix}t${space}>${escapeXmlText(t)}</${prefix}t></${prefix}r>`;
  };
  const closeOne = () => {
    const code = para.codes[open.pop()!]!;
    if (code.kind !== 'whole') formats.pop();
    if (code.kind === 'link') out += code.close;
  };
  for (const token of parseSegment(target)) {
    if (token.kind === 'text') text(token.text);
    else if (token.tag === 'ph') text(token.native ?? '');
    else {
      const index = Number(token.id) - 1;
      const code = para.codes[index];
      if (!code) continue;
      if (code.kind === 'whole') out += token.role === 'standalone' ? code.xml : '';
      else if (token.role === 'open') {
        open.push(index);
        formats.push(code.kind === 'format' ? code.rPr : code.base);
        if (code.kind === 'link') out += code.open;
      } else if (token.role === 'close' && open.includes(index)) {
        while (open.length > 0 && open[open.length - 1] !== index) closeOne();
        closeOne();
      }
    }
  }
  while (open.length > 0) closeOne();
  return out;
}
