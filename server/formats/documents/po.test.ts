import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument } from './index';
import { evaluatePlural, pluralFormsFor } from './po-plural';
import { fixture, formatError, text, utf8 } from './test-support';

const extract = (bytes: Uint8Array, trglang = 'es') =>
  extractDocument('po', bytes, { srclang: 'en', trglang });
const merge = (doc: ReturnType<typeof extract>, targets: Array<string | null>, trglang = 'es') =>
  mergeDocument('po', JSON.parse(JSON.stringify(doc.skeleton)), targets, {
    srclang: 'en',
    trglang,
  });

/** gettext's own checker: null when the file is valid, else its complaint; fails without it. */
function msgfmtCheck(po: Uint8Array): string | null {
  const run = spawnSync('msgfmt', ['--check', '-o', '/dev/null', '-'], { input: po });
  if (run.error) throw new Error('msgfmt is missing: apt-get install -y gettext');
  return run.status === 0 ? null : run.stderr.toString();
}

describe('PO filter', () => {
  const bytes = fixture('file-manager.po');
  const doc = extract(bytes);

  it('extracts entries with context keys, comments, fuzzy flags and plural forms', () => {
    expect(doc.trglang).toBe('es');
    expect(doc.segments.map((s) => [s.source, s.target, s.contextKey])).toEqual([
      ['File Manager', 'Gestor de archivos', 'File Manager'],
      ['Delete "%s" permanently?', null, 'Delete "%s" permanently?'],
      ['%d file selected', null, '%d file selected'],
      ['%d files selected', null, '%d file selected\u0004[plural]'],
      ['Open', 'Abrir', 'menu\u0004Open'],
      ['Open', null, 'verb\u0004Open'],
      ['Could not move %s.', 'No se pudo copiar %s.', 'Could not move %s.'],
      [
        'Drag files onto a folder to move them there. Hold Ctrl while dropping to copy them instead.\nTabs:\tuse \\ to escape.',
        null,
        'Drag files onto a folder to move them there. Hold Ctrl while dropping to copy them instead.\nTabs:\tuse \\ to escape.',
      ],
    ]);
    expect(doc.segments[2]!.note).toBe(
      'Translators: %d is the number of selected files.\nReferences: src/status.c:77 src/status.c:91\nFlags: c-format\nSingular (plural: %d files selected)',
    );
    expect(doc.segments[6]!.isFuzzy).toBe(true);
    expect(doc.segments[6]!.note).toBe(
      'Check the wording with the docs team.\nReferences: src/dialogs.c:210\nFlags: c-format',
    );
  });

  it('gives back the exact bytes when no target is set, LF or CRLF', () => {
    expect(
      merge(
        doc,
        doc.segments.map(() => null),
      ),
    ).toEqual(bytes);
    const crlf = utf8(text(bytes).replace(/\n/g, '\r\n'));
    const crlfDoc = extract(crlf);
    expect(
      merge(
        crlfDoc,
        crlfDoc.segments.map(() => null),
      ),
    ).toEqual(crlf);
    // Existing final translations given back unchanged keep their lines too.
    expect(
      merge(
        doc,
        doc.segments.map((s) => (s.isFuzzy ? null : s.target)),
      ),
    ).toEqual(bytes);
  });

  it('writes msgstr, fills plural forms, clears fuzzy, and the file parses again', () => {
    const targets = [
      null,
      '¿Eliminar «%s» definitivamente?',
      '%d archivo seleccionado',
      '%d archivos seleccionados',
      null,
      'Abrir con',
      'No se pudo mover %s.',
      'Arrastre los archivos a una carpeta para moverlos allí. Mantenga pulsada Ctrl al soltarlos para copiarlos.\nPestañas:\tuse \\ para escapar.',
    ];
    const merged = merge(doc, targets);
    const po = text(merged);
    expect(po).toContain(
      'msgid "Delete \\"%s\\" permanently?"\nmsgstr "¿Eliminar «%s» definitivamente?"\n',
    );
    expect(po).toContain(
      'msgstr[0] "%d archivo seleccionado"\nmsgstr[1] "%d archivos seleccionados"\n',
    );
    expect(po).toContain(
      '#: src/dialogs.c:210\n#, c-format\nmsgid "Could not move %s."\nmsgstr "No se pudo mover %s."\n',
    );
    expect(po).not.toContain('#|');
    expect(po).toContain(
      'msgstr ""\n"Arrastre los archivos a una carpeta para moverlos allí. Mantenga pulsada "\n"Ctrl al soltarlos para copiarlos.\\n"\n"Pestañas:\\tuse \\\\ para escapar."\n',
    );
    expect(po).toContain('#~ msgid "Trash is empty"');
    const again = extract(merged);
    expect(again.segments.map((s) => s.target)).toEqual(
      targets.map((t, i) => t ?? doc.segments[i]!.target),
    );
    expect(again.segments.some((s) => s.isFuzzy)).toBe(false);
    expect(msgfmtCheck(merged)).toBeNull();
  });

  it('maps plural targets to the target language forms (header or language table)', () => {
    const po = (header: string) =>
      utf8(
        `msgid ""\nmsgstr ""\n${header}\n\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] ""\nmsgstr[1] ""\n`,
      );
    const forms = (bytes: Uint8Array, trglang: string) => {
      const d = extract(bytes, trglang);
      const merged = text(merge(d, ['ONE', 'MANY'], trglang));
      return [...merged.matchAll(/msgstr\[\d\] "(\w*)"/g)].map((m) => m[1]);
    };
    const ru =
      '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"';
    expect(forms(po(ru), 'ru')).toEqual(['ONE', 'MANY', 'MANY']);
    const ar = `"Plural-Forms: nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);\\n"`;
    expect(forms(po(ar), 'ar')).toEqual(['MANY', 'ONE', 'MANY', 'MANY', 'MANY', 'MANY']);
    expect(forms(po('"Plural-Forms: nplurals=1; plural=0;\\n"'), 'ja')).toEqual(['MANY']);
    // No Plural-Forms: the language's usual forms, here Polish.
    expect(forms(po('"Language: pl\\n"'), 'pl')).toEqual(['ONE', 'MANY', 'MANY']);
  });

  it('turns a POT into a PO: Language and Plural-Forms are filled in', () => {
    const pot = utf8(
      'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=CHARSET\\n"\n"Language: \\n"\n"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"\n\nmsgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] ""\nmsgstr[1] ""\n',
    );
    const d = extract(pot, 'fr');
    expect(d.segments.map((s) => s.target)).toEqual([null, null]);
    expect(merge(d, [null, null], 'fr')).toEqual(pot);
    const merged = merge(d, ['Un fichier', '%d fichiers'], 'fr');
    expect(text(merged)).toContain(
      'msgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n',
    );
    expect(msgfmtCheck(merged)).toBeNull();
  });

  it('reads a legacy charset and writes UTF-8', () => {
    const latin1 = Uint8Array.from(
      'msgid ""\nmsgstr "Content-Type: text/plain; charset=ISO-8859-1\\n"\n\nmsgid "Coffee"\nmsgstr "Caf\u00e9"\n',
      (c) => c.charCodeAt(0),
    );
    const d = extract(latin1);
    expect(d.segments[0]!.target).toBe('Café');
    const merged = text(merge(d, ['Café con leche']));
    expect(merged).toContain('charset=UTF-8');
    expect(merged).toContain('msgstr "Café con leche"');
  });

  it('reports malformed entries with line and column', () => {
    const unterminated = formatError(() => extract(utf8('msgid "a"\nmsgstr "b\n')));
    expect(unterminated.message).toMatch(/unterminated string/);
    expect([unterminated.line, unterminated.column]).toEqual([2, 10]);
    const keyword = formatError(() => extract(utf8('msgid "a"\nmsgstring "b"\n')));
    expect(keyword.message).toMatch(/unexpected text/);
    expect(keyword.line).toBe(2);
    const escape = formatError(() => extract(utf8('msgid "a\\q"\nmsgstr ""\n')));
    expect([escape.line, escape.column]).toEqual([1, 9]);
    expect(formatError(() => extract(utf8('msgid "a"\n\nmsgid "b"\nmsgstr ""\n'))).message).toMatch(
      /has no msgstr/,
    );
  });

  it('evaluates plural expressions without eval', () => {
    const ru = 'n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2';
    expect([1, 2, 5, 11, 21, 22, 25].map((n) => evaluatePlural(ru, n))).toEqual([
      0, 1, 2, 2, 0, 1, 2,
    ]);
    expect(evaluatePlural('(n != 1)', 1)).toBe(0);
    expect(() => evaluatePlural('process.exit()', 1)).toThrow();
    expect(
      pluralFormsFor('Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\n', 'de').nplurals,
    ).toBe(2);
    expect(pluralFormsFor(null, 'pt-BR').header).toBe('nplurals=2; plural=(n > 1);');
  });

  it('uses a fixture that gettext itself accepts', () => {
    expect(msgfmtCheck(fixture('file-manager.po'))).toBeNull();
  });
});
