import { strToU8, zipSync } from 'fflate';

// Minimal but real Office Open XML packages, as tests and benchmarks need them: the parts Word,
// PowerPoint and Excel require to open a file, and text in the places the filters read.

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const CT = 'application/vnd.openxmlformats-officedocument';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function contentTypes(overrides: Array<[string, string]>): Uint8Array {
  return strToU8(
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      overrides
        .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
        .join('') +
      '</Types>',
  );
}

function rels(targets: Array<[string, string]>): Uint8Array {
  return strToU8(
    `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      targets
        .map(
          ([type, target], i) =>
            `<Relationship Id="rId${i + 1}" Type="${type}" Target="${target}"/>`,
        )
        .join('') +
      '</Relationships>',
  );
}

/** A Word document: one paragraph per text; every `boldEvery`th (10th) starts with a bold word. */
export function docxOf(paragraphs: readonly string[], { boldEvery = 10 } = {}): Uint8Array {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const body = paragraphs
    .map((p, i) => {
      if (boldEvery === 0 || i % boldEvery !== 0)
        return `<w:p><w:r><w:t xml:space="preserve">${xml(p)}</w:t></w:r></w:p>`;
      const [first = '', ...rest] = p.split(' ');
      return (
        `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>${xml(first)}</w:t></w:r>` +
        `<w:r><w:t xml:space="preserve"> ${xml(rest.join(' '))}</w:t></w:r></w:p>`
      );
    })
    .join('');
  return zipSync({
    '[Content_Types].xml': contentTypes([
      ['/word/document.xml', `${CT}.wordprocessingml.document.main+xml`],
    ]),
    '_rels/.rels': rels([[`${REL}/officeDocument`, 'word/document.xml']]),
    'word/document.xml': strToU8(
      `${HEAD}<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

/** A presentation of one slide with one text box, a paragraph per text. */
export function pptxOf(paragraphs: string[]): Uint8Array {
  const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
  const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
  const text = paragraphs.map(
    (p) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${xml(p)}</a:t></a:r></a:p>`,
  );
  return zipSync({
    '[Content_Types].xml': contentTypes([
      ['/ppt/presentation.xml', `${CT}.presentationml.presentation.main+xml`],
      ['/ppt/slides/slide1.xml', `${CT}.presentationml.slide+xml`],
    ]),
    '_rels/.rels': rels([[`${REL}/officeDocument`, 'ppt/presentation.xml']]),
    'ppt/presentation.xml': strToU8(
      `${HEAD}<p:presentation xmlns:p="${P}" xmlns:r="${REL}"><p:sldIdLst>` +
        '<p:sldId id="256" r:id="rId1"/></p:sldIdLst></p:presentation>',
    ),
    'ppt/_rels/presentation.xml.rels': rels([[`${REL}/slide`, 'slides/slide1.xml']]),
    'ppt/slides/slide1.xml': strToU8(
      `${HEAD}<p:sld xmlns:a="${A}" xmlns:p="${P}"><p:cSld><p:spTree><p:sp><p:txBody>` +
        `<a:bodyPr/>${text.join('')}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    ),
  });
}

/** A workbook of one sheet: column A numbers, column B the texts as shared strings. */
export function xlsxOf(texts: string[]): Uint8Array {
  const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rows = texts
    .map(
      (_, i) =>
        `<row r="${i + 1}"><c r="A${i + 1}"><v>${i + 1}</v></c><c r="B${i + 1}" t="s"><v>${i}</v></c></row>`,
    )
    .join('');
  const strings = texts.map((t) => `<si><t>${xml(t)}</t></si>`).join('');
  return zipSync({
    '[Content_Types].xml': contentTypes([
      ['/xl/workbook.xml', `${CT}.spreadsheetml.sheet.main+xml`],
      ['/xl/worksheets/sheet1.xml', `${CT}.spreadsheetml.worksheet+xml`],
      ['/xl/sharedStrings.xml', `${CT}.spreadsheetml.sharedStrings+xml`],
    ]),
    '_rels/.rels': rels([[`${REL}/officeDocument`, 'xl/workbook.xml']]),
    'xl/workbook.xml': strToU8(
      `${HEAD}<workbook xmlns="${S}" xmlns:r="${REL}"><sheets>` +
        '<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': rels([
      [`${REL}/worksheet`, 'worksheets/sheet1.xml'],
      [`${REL}/sharedStrings`, 'sharedStrings.xml'],
    ]),
    'xl/worksheets/sheet1.xml': strToU8(
      `${HEAD}<worksheet xmlns="${S}"><sheetData>${rows}</sheetData></worksheet>`,
    ),
    'xl/sharedStrings.xml': strToU8(
      `${HEAD}<sst xmlns="${S}" count="${texts.length}" uniqueCount="${texts.length}">${strings}</sst>`,
    ),
  });
}
