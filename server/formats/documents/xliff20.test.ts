import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument } from './index';
import { OPTIONS, fixture, formatError, text, utf8 } from './test-support';

const extract = (bytes: Uint8Array) => extractDocument('xliff20', bytes, OPTIONS);
const merge = (doc: ReturnType<typeof extract>, targets: Array<string | null>) =>
  mergeDocument('xliff20', JSON.parse(JSON.stringify(doc.skeleton)), targets, OPTIONS);

describe('XLIFF 2 filter', () => {
  const bytes = fixture('writer-styles.xlf');
  const doc = extract(bytes);

  it('extracts segments with canonical codes, notes, keys and languages', () => {
    expect([doc.srclang, doc.trglang]).toEqual(['en-US', null]);
    expect(doc.segments.map((s) => [s.source, s.target, s.contextKey, s.note])).toEqual([
      ['Styles in Writer', null, 'styles.title', 'Page heading'],
      // A single-segment unit without a target is sentence-segmented.
      ['Choose <g id="1">Format - Styles</g> to open the deck.', null, 'u2', null],
      ['Press <x id="1"/> F11 to open it, e.g. from the keyboard.', null, 'u2', null],
      // The file's own segments are kept; sc/ec read as a <g> pair.
      ['A style is a set of formats.', 'Un estilo es un conjunto de formatos.', 'u3', null],
      ['You can apply <g id="1">styles</g> quickly.', null, 'u3', null],
      ['Use {0} styles & %s templates.', null, 'tip', null],
    ]);
  });

  it('gives back the exact bytes when no target is set', () => {
    expect(
      merge(
        doc,
        doc.segments.map(() => null),
      ),
    ).toEqual(bytes);
  });

  it('writes <target> with pc/ph/sc/ec as in the source, sets the state and trgLang', () => {
    const targets = [
      'Estilos en Writer',
      'Elija <g id="1">Formato - Estilos</g> para abrir el panel.',
      'Pulse <x id="1"/> F11 para abrirlo, p. ej. desde el teclado.',
      null,
      'Puede aplicar <g id="1">estilos</g> rápidamente.',
      'Use estilos {0} y plantillas %s.',
    ];
    const merged = text(merge(doc, targets));
    expect(merged).toContain('<xliff trgLang="es" xmlns=');
    expect(merged).toContain(
      '<segment id="s2" state="translated">\n        <source>Choose <pc id="1" dataRefStart="d1" dataRefEnd="d2">Format - Styles</pc> to open the deck. Press <ph id="2" dataRef="d3"/> F11 to open it, e.g. from the keyboard.</source>\n        <target>Elija <pc id="1" dataRefStart="d1" dataRefEnd="d2">Formato - Estilos</pc> para abrir el panel. Pulse <ph id="2" dataRef="d3"/> F11 para abrirlo, p. ej. desde el teclado.</target>',
    );
    expect(merged).toContain(
      '<target>Puede aplicar <sc id="3"/>estilos<ec startRef="3"/> rápidamente.</target>',
    );
    // The segment that kept its translation, and the ignorable, are untouched.
    expect(merged).toContain(
      '<segment id="s3" state="translated">\n        <source>A style is a set of formats.</source>\n        <target>Un estilo es un conjunto de formatos.</target>\n      </segment>\n      <ignorable>',
    );
    const again = extract(utf8(merged));
    expect(again.trglang).toBe('es');
    expect(again.segments.map((s) => s.target)).toEqual([
      'Estilos en Writer',
      'Elija <g id="1">Formato - Estilos</g> para abrir el panel. Pulse <x id="2"/> F11 para abrirlo, p. ej. desde el teclado.',
      'Un estilo es un conjunto de formatos.',
      'Puede aplicar <g id="1">estilos</g> rápidamente.',
      'Use estilos {0} y plantillas %s.',
    ]);
  });

  it('writes a broken <pc> pair as sc/ec, and control characters as <cp/>', () => {
    const merged = text(
      merge(doc, [null, 'Elija <g id="1">Formato\u0001 - Estilos.', null, null, null, null]),
    );
    expect(merged).toContain(
      '<target>Elija <sc id="1" dataRef="d1" isolated="yes"/>Formato<cp hex="0001"/> - Estilos. Press <ph id="2" dataRef="d3"/> F11 to open it, e.g. from the keyboard.</target>',
    );
    expect(merged).toContain('<segment id="s2" state="initial">');
    expect(extract(utf8(merged)).segments).toHaveLength(5);
  });

  it('refuses a file that is not XLIFF 2', () => {
    expect(formatError(() => extract(fixture('find-toolbar.xlf'))).message).toMatch(/not 2/);
    const err = formatError(() =>
      extract(
        utf8(
          '<xliff version="2.0" srcLang="en">\n<file id="f"><unit id="u"><segment>\n</unit></file></xliff>',
        ),
      ),
    );
    expect(err.line).toBe(3);
  });
});
