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

  it('XLSX: shared strings (plain and rich) translated, numbers and the sheet untouched', () => {
    const base = unzipSync(xlsxOf(['Monthly report', 'Total']));
    const rich =
      '<si><r><t xml:space="preserve">Due by the end of </t></r><r><rPr><b/></rPr><t>today</t></r></si>';
    const strings = strFromU8(base['xl/sharedStrings.xml']!).replace('</sst>', `${rich}</sst>`);
    const bytes = zipSync({ ...base, 'xl/sharedStrings.xml': strToU8(strings) });
    const doc = extractDocument('xlsx', bytes, OPTIONS);
    expect(doc.segments.map((s) => s.source)).toEqual([
      'Monthly report',
      'Total',
      'Due by the end of <g id="1">today</g>',
    ]);
    const out = unzipSync(
      mergeDocument(
        'xlsx',
        doc.skeleton,
        ['Informe mensual', null, 'Vence al final de <g id="1">hoy</g>'],
        OPTIONS,
      ),
    );
    const sst = strFromU8(out['xl/sharedStrings.xml']!);
    parseXml(sst, 'sharedStrings.xml');
    expect(sst).toContain(
      '<si><r><t xml:space="preserve">Informe mensual</t></r></si><si><t>Total</t></si>',
    );
    expect(sst).toContain('<r><rPr><b/></rPr><t xml:space="preserve">hoy</t></r>');
    expect(out['xl/worksheets/sheet1.xml']).toEqual(base['xl/worksheets/sheet1.xml']);
  });
});
