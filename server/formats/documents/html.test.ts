import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { DocumentLimitError, detectDocumentFormat, extractDocument, mergeDocument } from './index';
import { OPTIONS, fixture, text, utf8 } from './test-support';

const extract = (bytes: Uint8Array) => extractDocument('html', bytes, OPTIONS);
const merge = (doc: ReturnType<typeof extract>, targets: Array<string | null>) =>
  text(mergeDocument('html', JSON.parse(JSON.stringify(doc.skeleton)), targets, OPTIONS));

type Node = DefaultTreeAdapterMap['node'];
/** The element names of a page in document order: its structure without the text. */
function structure(html: string): string[] {
  const names: string[] = [];
  const walk = (node: Node) => {
    if ('tagName' in node) names.push(node.tagName);
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(html));
  return names;
}

describe('the HTML filter', () => {
  const page = fixture('html/print-help.html');

  it('reads text runs with inline codes and text attributes; skips code, script, style, pre', () => {
    const doc = extract(page);
    expect(detectDocumentFormat('print-help.html', page)).toBe('html');
    expect(doc.segments.map((s) => s.source)).toEqual([
      'How to print a document & its comments.',
      'Printing & exporting',
      'Printing <g id="1">documents</g>',
      'Choose <g id="1">File > Print</g>, then press <g id="2">Ctrl</g>+<g id="3">P</g>.<x id="4"/> The <g id="5">Print dialog</g> opens.',
      'Open the print dialog',
      'Run <x id="1"/> from a terminal.',
      'A laser printer',
      'Select the pages to print.',
      'Search the help',
      'Search',
      'Price:\u00a05\u00a0€ per page.',
    ]);
  });

  it('gives the bytes back when nothing is translated, CRLF and BOM included', () => {
    const doc = extract(page);
    expect(
      merge(
        doc,
        doc.segments.map(() => null),
      ),
    ).toBe(text(page));
    const crlf = utf8(`\ufeff${text(page).replace(/\n/g, '\r\n')}`);
    const again = extract(crlf);
    const back = mergeDocument(
      'html',
      again.skeleton,
      again.segments.map(() => null),
      OPTIONS,
    );
    expect(Buffer.from(back).equals(Buffer.from(crlf))).toBe(true);
  });

  it('merges translations with the page’s own markup, escaping text and attributes', () => {
    const doc = extract(page);
    const targets = doc.segments.map(() => null as string | null);
    targets[0] = 'Cómo imprimir un documento & sus "comentarios".';
    targets[3] =
      'Elija <g id="1">Archivo > Imprimir</g> y pulse <g id="2">Ctrl</g>+<g id="3">P</g>.<x id="4"/> Se abre el <g id="5">diálogo Imprimir</g>.';
    targets[4] = 'Abre el diálogo de impresión';
    targets[6] = 'Una impresora láser';
    const out = merge(doc, targets);
    expect(out).toContain('<html lang="es">');
    expect(out).toContain(
      'content="Cómo imprimir un documento &amp; sus &quot;comentarios&quot;."',
    );
    expect(out).toContain(
      '<p>Elija <strong>Archivo &gt; Imprimir</strong> y pulse <kbd>Ctrl</kbd>+<kbd>P</kbd>.<br> Se abre el ' +
        '<a href="/dialog" title="Abre el diálogo de impresión">diálogo Imprimir</a>.</p>',
    );
    expect(out).toContain('alt="Una impresora láser"');
    expect(out).toContain('<script>const label = "Do not translate";</script>');
    expect(out).toContain('<li translate="no">Wordbench</li>');
    expect(structure(out)).toEqual(structure(text(page)));
  });

  it('keeps the markup balanced whatever the translator did to the codes', () => {
    const doc = extract(utf8('<p>One <b>two <i>three</i></b> four.</p>'));
    expect(doc.segments[0]!.source).toBe('One <g id="1">two <g id="2">three</g></g> four.');
    // A pair left open is closed at the end.
    expect(merge(doc, ['Uno <g id="2">tres <g id="1">dos</g> cuatro.'])).toBe(
      '<p>Uno <i>tres <b>dos</b> cuatro.</i></p>',
    );
    // A stray end is text, as the canonical form reads it; the open pair is closed.
    expect(merge(doc, ['Uno </g>dos <g id="1">tres'])).toBe('<p>Uno &lt;/g&gt;dos <b>tres</b></p>');
    expect(merge(doc, ['Uno <x id="9"/> dos.'])).toBe('<p>Uno  dos.</p>');
  });

  it('copes with broken and hostile pages: unclosed tags, deep nesting, one huge line', () => {
    const broken = extract(utf8('<p>Unclosed <b>bold<p>Next paragraph.'));
    expect(broken.segments.map((s) => s.source)).toEqual([
      'Unclosed <x id="1"/>',
      'Next paragraph.',
    ]);
    const deep = extract(utf8(`${'<div>'.repeat(500)}Deep text.${'</div>'.repeat(500)}`));
    expect(deep.segments.map((s) => s.source)).toEqual(['Deep text.']);
    const tooDeep = utf8(`${'<div>'.repeat(5000)}Deep text.${'</div>'.repeat(5000)}`);
    expect(() => extract(tooDeep)).toThrow(DocumentLimitError);
    const huge = extract(utf8(`<p>${'word '.repeat(1_000_000)}</p>`));
    expect(huge.segments).toHaveLength(1);
  });
});
