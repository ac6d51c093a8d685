import { parseStored, type NativeCodes } from './inline-codes';
import { formatTmxDate } from './languages';
import { escapeXmlAttr, escapeXmlText } from './xml-escape';

/** A unit to write, its source and target in the canonical form (inline-codes.ts). */
export interface TmxWriteUnit {
  id: number;
  source: string;
  target: string;
  prevSource: string | null;
  nextSource: string | null;
  contextKey: string | null;
  origin: string;
  created: number;
  changed: number;
  codes?: NativeCodes;
  /** The unit's own language tags as imported (`en-US`); the header's when absent. */
  srclang?: string;
  trglang?: string;
}

export interface TmxHeader {
  /** Language tags as written on every `<tuv>` (`en-US`). */
  srclang: string;
  trglang: string;
  toolVersion: string;
}

/**
 * A stored segment as TMX `<seg>` content: `<g>` pairs become `<bpt>`/`<ept>` (with `i` pairing
 * them in this `<tuv>` and `x` naming the code across languages), `<x/>` becomes `<ph>`,
 * `<bx/>`/`<ex/>` become `<it pos="begin|end">`; each with its native data when known. The
 * reader turns exactly these back into the same stored string.
 */
export function tmxSegment(value: string, codes: NativeCodes | undefined): string {
  let out = '';
  let pair = 0;
  const pairs: number[] = [];
  const native = (id: string, side: 'b' | 'e') => escapeXmlText(codes?.[id]?.[side] ?? '');
  for (const part of parseStored(value)) {
    switch (part.type) {
      case 'text':
        out += escapeXmlText(part.text);
        break;
      case 'open':
        pair += 1;
        pairs.push(pair);
        out += `<bpt i="${pair}" x="${escapeXmlAttr(part.id)}">${native(part.id, 'b')}</bpt>`;
        break;
      case 'close':
        out += `<ept i="${pairs.pop() ?? 0}">${native(part.id, 'e')}</ept>`;
        break;
      case 'standalone':
        out += `<ph x="${escapeXmlAttr(part.id)}">${native(part.id, 'b')}</ph>`;
        break;
      case 'begin':
        out += `<it pos="begin" x="${escapeXmlAttr(part.id)}">${native(part.id, 'b')}</it>`;
        break;
      case 'end':
        out += `<it pos="end" x="${escapeXmlAttr(part.id)}">${native(part.id, 'e')}</it>`;
        break;
    }
  }
  return out;
}

export function tmxStart(header: TmxHeader): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<tmx version="1.4">\n' +
    `  <header creationtool="Wordbench" creationtoolversion="${escapeXmlAttr(header.toolVersion)}"` +
    ` datatype="plaintext" segtype="sentence" adminlang="en"` +
    ` srclang="${escapeXmlAttr(header.srclang)}" o-tmf="Wordbench"/>\n` +
    '  <body>\n'
  );
}

export const TMX_END = '  </body>\n</tmx>\n';

const prop = (type: string, value: string | null) =>
  value === null ? '' : `      <prop type="${type}">${escapeXmlText(value)}</prop>\n`;

/**
 * One `<tu>`: dates, context props (read back by tmx-reader.ts), the two `<tuv>`s in the unit's
 * own language tags when it kept them, else in the header's.
 */
export function tmxUnit(unit: TmxWriteUnit, header: TmxHeader): string {
  return (
    `    <tu tuid="${unit.id}" creationdate="${formatTmxDate(unit.created)}"` +
    ` changedate="${formatTmxDate(unit.changed)}">\n` +
    prop('x-context-pre', unit.prevSource) +
    prop('x-context-post', unit.nextSource) +
    prop('x-context-key', unit.contextKey) +
    prop('x-origin', unit.origin) +
    `      <tuv xml:lang="${escapeXmlAttr(unit.srclang ?? header.srclang)}"><seg>${tmxSegment(unit.source, unit.codes)}</seg></tuv>\n` +
    `      <tuv xml:lang="${escapeXmlAttr(unit.trglang ?? header.trglang)}"><seg>${tmxSegment(unit.target, unit.codes)}</seg></tuv>\n` +
    '    </tu>\n'
  );
}
