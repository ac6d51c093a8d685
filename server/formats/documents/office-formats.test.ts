import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { pptxOf, xlsxOf } from './corpus/office-files';
import { extractDocument, mergeDocument } from './index';
import { OPTIONS } from './test-support';
import { parseXml } from './xml-tree';

const A =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const SLIDE =
  `<?xml version="1.0" encoding="UTF-8"?><p:sld ${A}><p:cSld><p:spTree><p:sp><p:txBody><a:bodyPr/>` +
  '<a:p><a:r><a:rPr lang="en-US"/><a:t>Print </a:t></a:r><a:r><a:rPr lang="en-US" b="1"/><a:t>faster</a:t></a:r>' +
  '<a:br><a:rPr lang="en-US"/></a:br><a:r><a:rPr lang="en-US"/><a:t>with Wordbench</a:t></a:r>' +
  '<a:endParaRPr lang="en-US"/></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>';

describe('PowerPoint and Excel packages', () => {
  it('PPTX: slide paragraphs with runs as codes, slides in order, end properties kept', () => {
    const base = unzipSync(pptxOf(['First slide text.']));
    const bytes = zipSync({
      ...base,
      'ppt/slides/slide2.xml': strToU8(SLIDE),
      'ppt/slides/slide10.xml': strToU8(SLIDE.replace('Print ', 'Tenth ')),
    });
    const doc = extractDocument('pptx', bytes, OPTIONS);
    expect(doc.segments.map((s) => s.source)).toEqual([
      'First slide text.',
      'Print <g id="1">faster</g><x id="2"/>with Wordbench',
      'Tenth <g id="1">faster</g><x id="2"/>with Wordbench',
    ]);
    expect(mergeDocument('pptx', doc.skeleton, [null, null, null], OPTIONS)).toEqual(bytes);
    const out = unzipSync(
      mergeDocument(
        'pptx',
        doc.skeleton,
        [null, 'Imprima <g id="1">más rápido</g><x id="2"/>con Wordbench', null],
        OPTIONS,
      ),
    );
    const slide = strFromU8(out['ppt/slides/slide2.xml']!);
    parseXml(slide, 'slide2.xml');
    expect(slide).toContain(
      '<a:p><a:r><a:rPr lang="en-US"/><a:t>Imprima </a:t></a:r><a:r><a:rPr lang="en-US" b="1"/><a:t>más rápido</a:t></a:r>' +
        '<a:br><a:rPr lang="en-US"/></a:br><a:r><a:rPr lang="en-US"/><a:t>con Wordbench</a:t></a:r><a:endParaRPr lang="en-US"/></a:p>',
    );
    expect(out['ppt/slides/slide10.xml']).toEqual(unzipSync(bytes)['ppt/slides/slide10.xml']);
  });

  it('PPTX: spell-check flags and languages make no codes; notes come after the slides', () => {
    const base = unzipSync(pptxOf(['Title']));
    const noisy = SLIDE.replace(
      '<a:rPr lang="en-US"/><a:t>with',
      '<a:rPr lang="en-GB" err="1" dirty="0"/><a:t>with',
    );
    const notes =
      `<?xml version="1.0" encoding="UTF-8"?><p:notes ${A}><p:cSld><p:spTree><p:sp><p:txBody>` +
      '<a:p><a:fld id="{1}" type="slidenum"><a:rPr lang="en-US"/><a:t>2</a:t></a:fld></a:p>' +
      '<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>Say hello.</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:notes>';
    const bytes = zipSync({
      ...base,
      'ppt/notesSlides/notesSlide1.xml': strToU8(notes),
      'ppt/slides/slide2.xml': strToU8(noisy),
    });
    const doc = extractDocument('pptx', bytes, OPTIONS);
    expect(doc.segments.map((s) => s.source)).toEqual([
      'Title',
      'Print <g id="1">faster</g><x id="2"/>with Wordbench',
      'Say hello.',
    ]);
    const out = unzipSync(mergeDocument('pptx', doc.skeleton, [null, null, 'Salude.'], OPTIONS));
    const written = strFromU8(out['ppt/notesSlides/notesSlide1.xml']!);
    parseXml(written, 'notesSlide1.xml');
    expect(written).toContain('<a:r><a:rPr lang="en-US" dirty="0"/><a:t>Salude.</a:t></a:r>');
    expect(written).toContain('<a:t>2</a:t></a:fld></a:p>');
  });

  it('XLSX: shared strings (plain and rich) translated, numbers and the sheet untouched', () => {
    const base = unzipSync(xlsxOf(['Monthly report', 'Total']));
    const rich =
      '<si><r><t xml:space="preserve">Due by the end of </t></r><r><rPr><b/></rPr><t>today</t></r></si>';
    const strings = strFromU8(base['xl/sharedStrings.xml']!).replace('</sst>', `${rich}</sst>`);
    // A second sheet as other writers make it: prefixed, inline strings, a formula.
    const sheet2 =
      '<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Quarter total</x:t></x:is></x:c>' +
      '<x:c r="B1"><x:f>SUM(A2:A9)</x:f><x:v>42</x:v></x:c><x:c r="C1" t="str"><x:f>"Sum"</x:f><x:v>Sum</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    const bytes = zipSync({
      ...base,
      'xl/sharedStrings.xml': strToU8(strings),
      'xl/worksheets/sheet2.xml': strToU8(sheet2),
    });
    const doc = extractDocument('xlsx', bytes, OPTIONS);
    expect(doc.segments.map((s) => s.source)).toEqual([
      'Monthly report',
      'Total',
      'Due by the end of <g id="1">today</g>',
      'Quarter total',
    ]);
    const out = unzipSync(
      mergeDocument(
        'xlsx',
        doc.skeleton,
        ['Informe mensual', null, 'Vence al final de <g id="1">hoy</g>', 'Total trimestral'],
        OPTIONS,
      ),
    );
    const sst = strFromU8(out['xl/sharedStrings.xml']!);
    parseXml(sst, 'sharedStrings.xml');
    expect(sst).toContain(
      '<si><t xml:space="preserve">Informe mensual</t></si><si><t>Total</t></si>',
    );
    expect(sst).toContain('<r><rPr><b/></rPr><t xml:space="preserve">hoy</t></r>');
    expect(out['xl/worksheets/sheet1.xml']).toEqual(base['xl/worksheets/sheet1.xml']);
    const written = strFromU8(out['xl/worksheets/sheet2.xml']!);
    parseXml(written, 'sheet2.xml');
    expect(written).toBe(
      sheet2.replace('<x:t>Quarter total', '<x:t xml:space="preserve">Total trimestral'),
    );
  });
});
