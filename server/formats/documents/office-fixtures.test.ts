import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument } from './index';
import { OPTIONS } from './test-support';
import type { DocumentFormat } from './types';
import { parseXml } from './xml-tree';

// Packages laid out as Word and PowerPoint write them (rsids, paraIds, proofing marks, fields,
// a drawing, comments, notes), committed as bytes under fixtures/office/.
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/office/${name}`, import.meta.url)));

const DOCX_ES = [
  'Imprimir con Wordbench',
  'Puede imprimir cualquier documento desde el menú <g id="1">Archivo</g>.',
  'Elija Imprimir y pulse<x id="1"/><g id="2">Intro</g>.<x id="3"/>',
  'Lea la <g id="1">guía de impresión</g> para ver <g id="2">más</g> opciones.<x id="3"/>',
  'Tamaños de papel',
  'Tamaño',
  'Uso',
  'A4',
  'Cartas y informes',
  'Legal',
  'Contratos',
  'Línea uno<x id="1"/>línea dos del mismo párrafo.<x id="2"/>',
  'Guía del usuario de Wordbench',
  'Página <x id="1"/>1<x id="2"/>',
  '<x id="1"/> Algunas impresoras necesitan antes una actualización del controlador.',
  '<x id="1"/> Los saltos se mantienen tal cual.',
  '<x id="1"/>Compruebe el enlace antes de publicar.',
];

const PPTX_ES = [
  'Wordbench 3.0',
  'Novedades de esta primavera',
  'Lo más destacado',
  'Traduzca <g id="1">documentos enteros</g> en un solo paso',
  'Lea las <g id="1">notas de la versión</g>.',
  'Búsqueda<x id="1"/>más rápida en memorias',
  'Función',
  'Estado',
  'Memorias sin conexión',
  'Lista',
  'Mencione primero el modo sin conexión.',
];

/** Merges `targets`, checks the package entry by entry, and answers the rewritten parts. */
function mergeChecked(format: DocumentFormat, bytes: Uint8Array, targets: string[]) {
  const doc = extractDocument(format, bytes, OPTIONS);
  expect(doc.segments.map((s) => s.source)).toHaveLength(targets.length);
  // Untranslated: the very bytes. The container of a merged package is written anew, so
  // identity below is entry by entry: same names, same order, same bytes unless rewritten.
  const untouched = mergeDocument(
    format,
    doc.skeleton,
    targets.map(() => null),
    OPTIONS,
  );
  expect(untouched).toEqual(bytes);
  const stored = JSON.parse(JSON.stringify(doc.skeleton)) as unknown;
  const merged = mergeDocument(format, stored, targets, OPTIONS);
  const before = unzipSync(bytes);
  const after = unzipSync(merged);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  const rewritten = Object.keys(before).filter((name) => !equal(before[name]!, after[name]!));
  for (const name of rewritten) parseXml(strFromU8(after[name]!), name);
  const again = extractDocument(format, merged, OPTIONS);
  expect(again.segments.map((s) => s.source)).toEqual(targets);
  return { merged, rewritten, sources: doc.segments.map((s) => s.source) };
}

const equal = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

describe('Office fixtures', () => {
  it('DOCX: reads a Word-made guide and writes it back in Spanish, structure intact', async () => {
    const bytes = fixture('printing-guide.docx');
    const { merged, rewritten, sources } = mergeChecked('docx', bytes, DOCX_ES);
    expect(sources.slice(0, 4)).toEqual([
      'Printing with Wordbench',
      'You can print any document from the <g id="1">File</g> menu.',
      'Choose Print, then press<x id="1"/><g id="2">Enter</g>.<x id="3"/>',
      'Read the <g id="1">printing guide</g> for <g id="2">more</g> options.<x id="3"/>',
    ]);
    expect(sources[13]).toBe('Page <x id="1"/>1<x id="2"/>');
    expect(rewritten.sort()).toEqual([
      'word/comments.xml',
      'word/document.xml',
      'word/endnotes.xml',
      'word/footer1.xml',
      'word/footnotes.xml',
      'word/header1.xml',
    ]);
    const original = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
    const spanish = (await mammoth.extractRawText({ buffer: Buffer.from(merged) })).value;
    expect(spanish.split('\n\n')).toHaveLength(original.split('\n\n').length);
    expect(spanish).toContain('Puede imprimir cualquier documento desde el menú Archivo.');
    expect(spanish).toContain('Cartas y informes');
    expect(spanish).not.toContain('Printing');
    const html = (await mammoth.convertToHtml({ buffer: Buffer.from(merged) })).value;
    expect(html).toContain('<strong>Archivo</strong>');
    expect(html).toContain(
      '<a href="https://example.org/wordbench/printing">guía de impresión</a>',
    );
    expect(html).toContain('<em>más</em>');
    const body = strFromU8(unzipSync(merged)['word/document.xml']!);
    expect(body).not.toContain('<w:instrText');
    expect(body).toContain('<w:drawing>');
    expect(body).toContain('<w:bookmarkStart w:id="0" w:name="_Toc100"/>');
    expect(strFromU8(unzipSync(merged)['word/footer1.xml']!)).toContain(
      '<w:instrText xml:space="preserve"> PAGE </w:instrText>',
    );
  });

  it('PPTX: slides, a table and speaker notes in Spanish, the slide number field kept', () => {
    const bytes = fixture('release-slides.pptx');
    const { merged, rewritten, sources } = mergeChecked('pptx', bytes, PPTX_ES);
    expect(sources[4]).toBe('Read the <g id="1">release notes</g>.');
    expect(sources[5]).toBe('Faster<x id="1"/>search in memories');
    expect(rewritten.sort()).toEqual([
      'ppt/notesSlides/notesSlide2.xml',
      'ppt/slides/slide1.xml',
      'ppt/slides/slide2.xml',
    ]);
    const slide = strFromU8(unzipSync(merged)['ppt/slides/slide2.xml']!);
    expect(slide).toContain(
      '<a:r><a:rPr lang="en-US" dirty="0"><a:hlinkClick r:id="rId2"/></a:rPr><a:t>notas de la versión</a:t></a:r>',
    );
    expect(slide).not.toContain(' in one step');
    const notes = strFromU8(unzipSync(merged)['ppt/notesSlides/notesSlide2.xml']!);
    expect(notes).toContain('<a:fld id="{F1C9}" type="slidenum"><a:rPr lang="en-US"/><a:t>2</a:t>');
  });
});
