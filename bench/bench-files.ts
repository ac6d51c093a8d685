/**
 * The files `npm run bench:translate-file` sends: an XLIFF 1.2 of N real help sentences and a
 * DOCX of N paragraphs (minimal WordprocessingML zipped with fflate, a bold run in every tenth).
 */
import { strToU8, zipSync } from 'fflate';
import type { TmUnit } from '../server/tm/index';

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Distinct English sources of 3 words or more, in file order. */
export function benchSources(units: TmUnit[], n: number): string[] {
  const seen = new Set<string>();
  for (const u of units) {
    if (seen.size >= n) break;
    if (u.source.split(' ').length >= 3 && !/[<>{}%]/.test(u.source)) seen.add(u.source);
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

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

export function docxOf(paragraphs: string[]): Uint8Array {
  const body = paragraphs
    .map((p, i) => {
      if (i % 10 !== 0) return `<w:p><w:r><w:t xml:space="preserve">${xml(p)}</w:t></w:r></w:p>`;
      const [first = '', ...rest] = p.split(' ');
      return (
        `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>${xml(first)}</w:t></w:r>` +
        `<w:r><w:t xml:space="preserve"> ${xml(rest.join(' '))}</w:t></w:r></w:p>`
      );
    })
    .join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    ),
  });
}
