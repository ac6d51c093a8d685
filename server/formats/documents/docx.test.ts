import { strFromU8, strToU8, unzipSync, Zip, ZipPassThrough, zipSync } from 'fflate';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { docxOf } from './corpus/office-files';
import { DocumentFormatError, DocumentLimitError, extractDocument, mergeDocument } from './index';
import { OPTIONS } from './test-support';
import { parseXml } from './xml-tree';

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const BODY =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>` +
  '<w:p w:rsidR="00A1"><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r w:rsidR="00B2"><w:t>Printing</w:t></w:r>' +
  '<w:r w:rsidR="00C3"><w:t xml:space="preserve"> documents</w:t></w:r></w:p>' +
  '<w:p><w:bookmarkStart w:id="0" w:name="_Toc1"/><w:r><w:t xml:space="preserve">Choose </w:t></w:r>' +
  '<w:r><w:rPr><w:b/></w:rPr><w:t>File</w:t></w:r><w:proofErr w:type="spellStart"/>' +
  '<w:r><w:t xml:space="preserve">, then press</w:t></w:r><w:proofErr w:type="spellEnd"/>' +
  '<w:r><w:tab/></w:r><w:hyperlink r:id="rId9"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr>' +
  '<w:t>Print</w:t></w:r></w:hyperlink><w:r><w:t>.</w:t></w:r>' +
  '<w:r><w:footnoteReference w:id="1"/></w:r><w:bookmarkEnd w:id="0"/></w:p>' +
  '<w:p><w:r><w:t>   </w:t></w:r></w:p>' +
  '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Paper &amp; toner</w:t></w:r></w:p></w:tc></w:tr></w:tbl>' +
  '</w:body></w:document>';
const HEADER = `<?xml version="1.0" encoding="UTF-8"?><w:hdr ${W}><w:p><w:r><w:t>User guide</w:t></w:r></w:p></w:hdr>`;
const NOTES =
  `<?xml version="1.0" encoding="UTF-8"?><w:footnotes ${W}><w:footnote w:id="1"><w:p>` +
  '<w:r><w:t>See the printer manual.</w:t></w:r></w:p></w:footnote></w:footnotes>';

function guide(): Uint8Array {
  const base = unzipSync(docxOf(['x']));
  return zipSync({
    ...base,
    'word/document.xml': strToU8(BODY),
    'word/header1.xml': strToU8(HEADER),
    'word/footnotes.xml': strToU8(NOTES),
    'word/media/image1.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  });
}
const extract = (bytes: Uint8Array) => extractDocument('docx', bytes, OPTIONS);

describe('the DOCX filter', () => {
  it('reads paragraphs of body, tables, headers and notes, with formatting as codes', () => {
    const doc = extract(guide());
    expect(doc.segments.map((s) => s.source)).toEqual([
      'Printing documents',
      'Choose <g id="1">File</g>, then press<x id="2"/><g id="3">Print</g>.<x id="4"/>',
      'Paper & toner',
      'User guide',
      'See the printer manual.',
    ]);
  });

  it('makes no codes of spell-check languages, proofing flags and font hints', () => {
    const noisy =
      `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body><w:p>` +
      '<w:r w:rsidR="001"><w:rPr><w:lang w:val="en-GB"/></w:rPr><w:t xml:space="preserve">Colour </w:t></w:r>' +
      '<w:r w:rsidRPr="002"><w:rPr><w:noProof/></w:rPr><w:t xml:space="preserve">settings </w:t></w:r>' +
      '<w:r><w:rPr><w:rFonts w:hint="eastAsia"/></w:rPr><w:t xml:space="preserve">are </w:t></w:r>' +
      '<w:r><w:rPr><w:b/><w:lang w:val="en-GB"/></w:rPr><w:t>here</w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>.</w:t></w:r>' +
      '</w:p></w:body></w:document>';
    const bytes = zipSync({ ...unzipSync(docxOf(['x'])), 'word/document.xml': strToU8(noisy) });
    expect(extract(bytes).segments.map((s) => s.source)).toEqual([
      'Colour settings are <g id="1">here.</g>',
    ]);
  });

  it('gives the package back untranslated, and rewrites only the translated parts', () => {
    const bytes = guide();
    const doc = extract(bytes);
    expect(
      mergeDocument(
        'docx',
        doc.skeleton,
        doc.segments.map(() => null),
        OPTIONS,
      ),
    ).toEqual(bytes);
    const targets = [
      'Imprimir documentos',
      'Elija <g id="1">Archivo</g> y pulse<x id="2"/><g id="3">Imprimir</g>.<x id="4"/>',
      null,
      'Guía del usuario',
      null,
    ];
    const out = unzipSync(
      mergeDocument('docx', JSON.parse(JSON.stringify(doc.skeleton)), targets, OPTIONS),
    );
    const before = unzipSync(bytes);
    expect(Object.keys(out)).toEqual(Object.keys(before));
    for (const name of ['word/footnotes.xml', 'word/media/image1.png', '[Content_Types].xml']) {
      expect(out[name]).toEqual(before[name]);
    }
    const body = strFromU8(out['word/document.xml']!);
    parseXml(body, 'document.xml');
    expect(body).toContain(
      '<w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t xml:space="preserve">Imprimir documentos',
    );
    expect(body).toContain(
      '<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Archivo</w:t></w:r>',
    );
    expect(body).toContain(
      '<w:hyperlink r:id="rId9"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t xml:space="preserve">Imprimir</w:t></w:r></w:hyperlink>',
    );
    expect(body).toContain('<w:bookmarkStart w:id="0" w:name="_Toc1"/><w:bookmarkEnd w:id="0"/>');
    expect(body).toContain('<w:r><w:footnoteReference w:id="1"/></w:r>');
    expect(body).toContain('Paper &amp; toner');
    expect(strFromU8(out['word/header1.xml']!)).toContain('Guía del usuario');
  });

  it('opens in a maintained reader with the Spanish in place', async () => {
    const doc = extract(guide());
    const targets = doc.segments.map((s, i) => (i === 2 ? 'Papel y tóner' : null));
    const out = mergeDocument('docx', doc.skeleton, targets, OPTIONS);
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(out) });
    expect(value).toContain('Papel y tóner');
    expect(value).toContain('Printing documents');
  });

  it('refuses what is not a Word package, zip bombs, unsafe names and entity declarations', () => {
    expect(() => extract(strToU8('plain text'))).toThrow(DocumentFormatError);
    expect(() => extract(zipSync({ 'a.txt': strToU8('x') }))).toThrow(/no word\/document.xml/);
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(100 * 1024 * 1024) }, { level: 9 });
    // The ratio check, which runs at the first chunk past 1 MiB of output, stopped it: the
    // 64 MiB limit's message would say "inflates to more than".
    expect(() => extract(bomb)).toThrow(/inflates more than 200 times/);
    expect(() => extract(bomb)).toThrow(DocumentLimitError);
    expect(() => extract(guide().subarray(0, 300))).toThrow(/cut short/);
    const twice: Uint8Array[] = [];
    const zip = new Zip((_e, chunk) => twice.push(chunk));
    for (const body of [BODY, BODY]) {
      const file = new ZipPassThrough('word/document.xml');
      zip.add(file);
      file.push(strToU8(body), true);
    }
    zip.end();
    expect(() => extract(Buffer.concat(twice))).toThrow(/two entries named word\/document.xml/);
    for (const name of ['../evil.xml', '/etc/x', 'C:/x', 'a\\b']) {
      expect(() =>
        extract(zipSync({ [name]: strToU8('x'), 'word/document.xml': strToU8(BODY) })),
      ).toThrow(/refused/);
    }
    const many: Record<string, Uint8Array> = { 'word/document.xml': strToU8(BODY) };
    for (let i = 0; i < 5001; i++) many[`f/${i}`] = new Uint8Array(0);
    expect(() => extract(zipSync(many))).toThrow(/more than 5000 zip entries/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]><w:document ${W}><w:body><w:p><w:r><w:t>&e;</w:t></w:r></w:p></w:body></w:document>`;
    expect(() => extract(zipSync({ 'word/document.xml': strToU8(xxe) }))).toThrow(
      /DOCTYPE that declares entities/,
    );
  });
});
