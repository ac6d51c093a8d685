import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument } from './index';
import { OPTIONS, fixture, formatError, text, utf8 } from './test-support';

const extract = (bytes: Uint8Array) => extractDocument('xliff12', bytes, OPTIONS);
const merge = (doc: ReturnType<typeof extract>, targets: Array<string | null>) =>
  mergeDocument('xliff12', JSON.parse(JSON.stringify(doc.skeleton)), targets, OPTIONS);

const unit = (body: string, file = 'source-language="en" target-language="es"') =>
  utf8(
    `<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file original="a.txt" ${file} datatype="plaintext">\n    <body>\n${body}\n    </body>\n  </file>\n</xliff>\n`,
  );

describe('XLIFF 1.2 filter', () => {
  const bytes = fixture('find-toolbar.xlf');
  const doc = extract(bytes);

  it('extracts segments with canonical codes, notes, keys, existing targets and languages', () => {
    expect([doc.srclang, doc.trglang]).toEqual(['en-US', 'es-ES']);
    expect(doc.segments).toEqual([
      {
        index: 0,
        source: 'Find Bar',
        target: null,
        contextKey: 'find_toolbar.title',
        note: 'Title of the help page.',
      },
      // One unsegmented paragraph without a target: sentence-segmented, codes renumbered per segment.
      {
        index: 1,
        source:
          'The <g id="1">Find</g> toolbar can be used to quickly search the contents of LibreOffice documents.',
        target: null,
        contextKey: 'par_id3147762',
        note: null,
      },
      {
        index: 2,
        source: 'Press <x id="1"/> to start the search.',
        target: null,
        contextKey: 'par_id3147762',
        note: null,
      },
      // A translated unit stays whole.
      {
        index: 3,
        source: 'Enter the text to be searched in the document.',
        target: 'Introduzca el texto que deberá buscarse en el documento.',
        contextKey: 'par_id921641581538352',
        note: null,
      },
      // The file's own segmentation (seg-source/mrk) is kept; bpt/ept in one segment read as <g>.
      {
        index: 4,
        source: 'Moves the cursor.',
        target: 'Traslada el cursor.',
        contextKey: 'par_id11641581906556',
        note: 'Keep the bold markup.',
        isFuzzy: true,
      },
      {
        index: 5,
        source: 'Selects the <g id="1">previous</g> match of the search text.',
        target: null,
        contextKey: 'par_id11641581906556',
        note: 'Keep the bold markup.',
      },
      {
        index: 6,
        source: 'Moves the cursor & selects the next match, e.g. the next cell.',
        target: null,
        contextKey: 'next.help',
        note: null,
      },
    ]);
  });

  it('gives back the exact bytes when no target is set', () => {
    expect(
      merge(
        doc,
        doc.segments.map(() => null),
      ),
    ).toEqual(bytes);
    // Targets equal to the existing, final ones change nothing either.
    expect(
      merge(
        doc,
        doc.segments.map((s) => (s.isFuzzy ? null : s.target)),
      ),
    ).toEqual(bytes);
  });

  it('writes targets with their native codes, and the result reads back', () => {
    const targets = [
      'Barra Buscar',
      'La barra <g id="1">Buscar</g> sirve para buscar rápidamente en los documentos de LibreOffice.',
      'Pulse <x id="1"/> para iniciar la búsqueda.',
      null,
      'Mueve el cursor.',
      'Selecciona la coincidencia <g id="1">anterior</g> del texto buscado.',
      'Mueve el cursor & selecciona la siguiente coincidencia, p. ej. la celda <siguiente>.',
    ];
    const merged = text(merge(doc, targets));
    expect(merged).toContain(
      '<target state="translated">La barra <g id="1" ctype="bold">Buscar</g> sirve para buscar rápidamente en los documentos de LibreOffice. Pulse <x id="2" ctype="x-key"/> para iniciar la búsqueda.</target>',
    );
    expect(merged).toContain(
      '<target state="translated"><mrk mtype="seg" mid="1">Mueve el cursor.</mrk> <mrk mtype="seg" mid="2">Selecciona la coincidencia <bpt id="1">&lt;b&gt;</bpt>anterior<ept id="1">&lt;/b&gt;</ept> del texto buscado.</mrk></target>',
    );
    // The new target goes right after the source, on its own line; the note stays after it.
    expect(merged).toMatch(
      /<source>Find Bar<\/source>\n {8}<target state="translated">Barra Buscar<\/target>\n {8}<note from="developer">/,
    );
    // Untranslatable units and the empty <target/> are handled; everything else is untouched.
    expect(merged).toContain('<trans-unit id="par_id351642423451259" translate="no">');
    expect(merged).toContain(
      '<target state="translated">Mueve el cursor &amp; selecciona la siguiente coincidencia, p. ej. la celda &lt;siguiente&gt;.</target>',
    );

    const again = extract(utf8(merged));
    expect(again.segments.map((s) => s.target)).toEqual([
      'Barra Buscar',
      'La barra <g id="1">Buscar</g> sirve para buscar rápidamente en los documentos de LibreOffice. Pulse <x id="2"/> para iniciar la búsqueda.',
      'Introduzca el texto que deberá buscarse en el documento.',
      'Mueve el cursor.',
      'Selecciona la coincidencia <g id="1">anterior</g> del texto buscado.',
      'Mueve el cursor & selecciona la siguiente coincidencia, p. ej. la celda <siguiente>.',
    ]);
    expect(again.segments.some((s) => s.isFuzzy)).toBe(false);
  });

  it('copies the source of untranslated sentences into a partly translated unit', () => {
    const merged = text(
      merge(doc, [null, null, 'Pulse <x id="1"/> para buscar.', null, null, null, null]),
    );
    expect(merged).toContain(
      '<target state="needs-translation">The <g id="1" ctype="bold">Find</g> toolbar can be used to quickly search the contents of LibreOffice documents. Pulse <x id="2" ctype="x-key"/> para buscar.</target>',
    );
  });

  it('keeps the file well-formed when a target breaks or invents codes', () => {
    const small = extract(
      unit(
        '      <trans-unit id="1"><source>Make <g id="7" ctype="bold">this</g> bold.</source></trans-unit>',
      ),
    );
    expect(small.segments[0]!.source).toBe('Make <g id="1">this</g> bold.');
    for (const target of [
      'Pon <g id="1">esto en negrita.',
      'Pon esto</g> en negrita.',
      'Pon <ex id="1"/>esto<bx id="1"/> <x id="9"/>en negrita & <b>.',
      'Pon <g id="1">esto <g id="1">en</g> negrita</g>.',
    ]) {
      const merged = merge(small, [target]);
      const again = extract(merged);
      expect(again.segments).toHaveLength(1);
      expect(again.segments[0]!.target).toContain('negrita');
    }
    expect(text(merge(small, ['Pon <g id="1">esto en negrita.']))).toContain(
      '<target state="translated">Pon <bx id="7"/>esto en negrita.</target>',
    );
  });

  it('splits a pair across sentences as bx/ex and joins it back into one element', () => {
    const small = extract(
      unit(
        '      <trans-unit id="1">\n        <source>Start <g id="5" ctype="italic">one. Two</g> end. <x id="6"/>Three.</source>\n      </trans-unit>',
      ),
    );
    expect(small.segments.map((s) => s.source)).toEqual([
      'Start <bx id="1"/>one.',
      'Two<ex id="1"/> end.',
      '<x id="1"/>Three.',
    ]);
    const merged = text(
      merge(small, ['Empieza <bx id="1"/>uno.', 'Dos<ex id="1"/> fin.', '<x id="1"/>Tres.']),
    );
    expect(merged).toContain(
      '<target state="translated">Empieza <g id="5" ctype="italic">uno. Dos</g> fin. <x id="6"/>Tres.</target>',
    );
    expect(extract(utf8(merged)).segments[0]!.target).toBe(
      'Empieza <g id="1">uno. Dos</g> fin. <x id="2"/>Tres.',
    );
  });

  it('adds the target language when the file has none, and keeps prefixes', () => {
    const bytes = utf8(
      '<x:xliff version="1.2" xmlns:x="urn:oasis:names:tc:xliff:document:1.2"><x:file source-language="en" datatype="plaintext" original="a"><x:body><x:trans-unit id="1"><x:source>Hello.</x:source></x:trans-unit></x:body></x:file></x:xliff>',
    );
    const small = extract(bytes);
    expect(small.trglang).toBeNull();
    expect(text(merge(small, ['Hola.']))).toBe(
      '<x:xliff version="1.2" xmlns:x="urn:oasis:names:tc:xliff:document:1.2"><x:file target-language="es" source-language="en" datatype="plaintext" original="a"><x:body><x:trans-unit id="1"><x:source>Hello.</x:source><x:target state="translated">Hola.</x:target></x:trans-unit></x:body></x:file></x:xliff>',
    );
  });

  it('puts a new target after <seg-source>, and refuses hostile XML', () => {
    const small = extract(
      unit(
        '      <trans-unit id="1"><source>Hi.</source><seg-source>Hi.</seg-source></trans-unit>',
      ),
    );
    expect(text(merge(small, ['Hola.']))).toContain(
      '<seg-source>Hi.</seg-source><target state="translated">Hola.</target></trans-unit>',
    );
    const hostile = `<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><xliff version="1.2"><file><body><trans-unit id="1"><source>&b;</source></trans-unit></body></file></xliff>`;
    expect(formatError(() => extract(utf8(hostile))).message).toMatch(/declares entities/);
  });

  it('reads a legacy-encoded file and writes it back as UTF-8', () => {
    const xml =
      '<?xml version="1.0" encoding="ISO-8859-1"?><xliff version="1.2"><file source-language="en" target-language="fr" original="a" datatype="plaintext"><body><trans-unit id="1"><source>Caf\u00e9 au lait.</source></trans-unit></body></file></xliff>';
    const latin1 = Uint8Array.from(xml, (c) => c.charCodeAt(0));
    const small = extract(latin1);
    expect(small.segments[0]!.source).toBe('Café au lait.');
    const merged = text(merge(small, ['Café crème.']));
    expect(merged).toContain('encoding="UTF-8"');
    expect(merged).toContain('<target state="translated">Café crème.</target>');
  });

  it('reports a missing <source> and malformed XML with line and column', () => {
    const missing = formatError(() =>
      extract(unit('      <trans-unit id="u9">\n        <target/>\n      </trans-unit>')),
    );
    expect(missing.message).toMatch(/trans-unit id="u9".*no <source>/);
    expect(missing.line).toBe(5);
    const malformed = formatError(() =>
      extract(
        unit(
          '      <trans-unit id="1">\n        <source>Bad <b>markup</source>\n      </trans-unit>',
        ),
      ),
    );
    expect(malformed.message).toMatch(/XLIFF 1\.2/);
    expect(malformed.line).toBe(6);
    expect(malformed.column).toBeGreaterThan(1);
    expect(formatError(() => extract(utf8('<html><body/></html>'))).message).toMatch(/not <xliff>/);
  });
});
