/**
 * The files `npm run bench:translate-file` sends: an XLIFF 1.2 of N real help sentences and a
 * DOCX of N paragraphs (server/formats/documents/corpus/office-files.ts).
 */
import { segmentSentences } from '../server/formats/segmentation/segment-sentences';
import type { TmUnit } from '../server/tm/index';

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Distinct English sources of 3 words or more and one sentence each (so a unit is one segment and
 * the memory holds every segment), in file order.
 */
export function benchSources(units: TmUnit[], n: number): string[] {
  const seen = new Set<string>();
  for (const u of units) {
    if (seen.size >= n) break;
    if (u.source.split(' ').length < 3 || /[<>{}%]/.test(u.source)) continue;
    if (segmentSentences(u.source, 'en').length === 1) seen.add(u.source);
  }
  if (seen.size < n) throw new Error(`only ${seen.size} sources for ${n} segments`);
  return [...seen];
}

export function xliffOf(sources: string[]): string {
  const units = sources
    .map((s, i) => `      <trans-unit id="u${i + 1}"><source>${xml(s)}</source></trans-unit>`)
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n' +
    '  <file original="help" source-language="en" datatype="plaintext">\n    <body>\n' +
    `${units}\n    </body>\n  </file>\n</xliff>\n`
  );
}

export { docxOf } from '../server/formats/documents/corpus/office-files';
