import { parseSegment } from './inline-codes';
import { escapeXmlAttr, escapeXmlText } from '../xml-escape';
import type { NativeCode, Run } from './xliff-inline';
import { renderRuns } from './xliff-render';

/** How far a target has come, as both XLIFF writers record it. */
export type TargetState = 'draft' | 'translated' | 'final';

const XLIFF12_STATES: Record<TargetState, string> = {
  draft: 'needs-review-translation',
  translated: 'translated',
  final: 'final',
};

export interface XliffExportDocument {
  name: string;
  srclang: string;
  trglang: string;
  segments: Array<{
    source: string;
    target: string | null;
    /** `draft`: a target no one has confirmed (a fuzzy or MT pretranslation, a draft). */
    state?: TargetState;
  }>;
}

/**
 * A bilingual XLIFF 1.2 of any document: one `<trans-unit>` per segment (id = index + 1, spaces
 * preserved), the canonical codes written as the XLIFF 1.2 elements they already are, a `<target>`
 * with its state when there is a translation (a draft is `needs-review-translation`, never
 * `translated`). Pairs a target broke are written as `<bx/>`/`<ex/>`,
 * so the file is always well-formed.
 */
export function exportXliff12(doc: XliffExportDocument): Uint8Array {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    `  <file original="${escapeXmlAttr(doc.name)}" source-language="${escapeXmlAttr(doc.srclang)}" target-language="${escapeXmlAttr(doc.trglang)}" datatype="plaintext">`,
    '    <body>',
  ];
  doc.segments.forEach((segment, i) => {
    lines.push(`      <trans-unit id="${i + 1}" xml:space="preserve">`);
    lines.push(`        <source>${toXliff12(segment.source)}</source>`);
    if (segment.target !== null) {
      const state = XLIFF12_STATES[segment.state ?? 'translated'];
      lines.push(`        <target state="${state}">${toXliff12(segment.target)}</target>`);
    }
    lines.push('      </trans-unit>');
  });
  lines.push('    </body>', '  </file>', '</xliff>', '');
  return new TextEncoder().encode(lines.join('\n'));
}

/** A canonical segment string as XLIFF 1.2 content. */
export function toXliff12(segment: string): string {
  const codes: NativeCode[] = [];
  const byKey = new Map<string, number>();
  const codeFor = (key: string, make: () => NativeCode) => {
    let k = byKey.get(key);
    if (k === undefined) {
      k = codes.push(make()) - 1;
      byKey.set(key, k);
    }
    return k;
  };
  const runs: Run[] = [];
  for (const token of parseSegment(segment)) {
    if (token.kind === 'text') {
      runs.push(token.text);
      continue;
    }
    const id = escapeXmlAttr(token.id);
    if (token.tag === 'g') {
      const k = codeFor(`g:${token.id}`, () => ({
        open: `<g id="${id}">`,
        close: '</g>',
        isElement: true,
        name: 'g',
        id: token.id,
      }));
      runs.push({ c: k, r: token.role === 'open' ? 'o' : 'c' });
    } else if (token.tag === 'bx' || token.tag === 'ex') {
      const k = codeFor(`bx:${token.id}`, () => ({}));
      const side = token.tag === 'bx' ? 'open' : 'close';
      codes[k]![side] = `<${token.tag} id="${id}"/>`;
      runs.push({ c: k, r: token.tag === 'bx' ? 'o' : 'c' });
    } else {
      const markup =
        token.tag === 'ph'
          ? `<ph id="${id}">${escapeXmlText(token.native ?? '')}</ph>`
          : `<x id="${id}"/>`;
      runs.push({ c: codes.push({ standalone: markup }) - 1, r: 's' });
    }
  }
  return renderRuns(runs, codes, '1.2');
}
