import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  DocumentFormatError,
  DocumentLimitError,
  extractDocument,
  mergeDocument,
  segmentToPlainText,
} from './index';
import { OPTIONS, text, utf8 } from './test-support';

const RAILS = `# Strings of the print dialog
en:
  defaults: &defaults
    cancel: Cancel
  print:
    <<: *defaults
    title: "Print \\"%{name}\\""
    hint: 'Choose a printer: it''s on the left'
    help: |
      Press Print to start.
      The queue shows the pages.
    copies: 2
    enabled: true
    pages:
      - First page
      - Last page   # a comment
`;

const extract = (bytes: Uint8Array) => extractDocument('yaml', bytes, OPTIONS);

describe('the YAML filter', () => {
  it('reads string values with key paths, not keys, numbers, booleans or aliases', () => {
    const doc = extract(utf8(RAILS));
    expect(doc.segments.map((s) => [s.contextKey, segmentToPlainText(s.source)])).toEqual([
      ['en.defaults.cancel', 'Cancel'],
      ['en.print.title', 'Print "%{name}"'],
      ['en.print.hint', "Choose a printer: it's on the left"],
      ['en.print.help', 'Press Print to start.\nThe queue shows the pages.\n'],
      ['en.print.pages[0]', 'First page'],
      ['en.print.pages[1]', 'Last page'],
    ]);
  });

  it('gives the bytes back untranslated; translated, the same structure in each value’s style', () => {
    const bytes = utf8(RAILS);
    const doc = extract(bytes);
    expect(
      mergeDocument(
        'yaml',
        doc.skeleton,
        doc.segments.map(() => null),
        OPTIONS,
      ),
    ).toEqual(bytes);
    const targets = [
      'Cancelar',
      'Imprimir "%{name}"',
      "Elija una impresora: está a la izquierda, l'autre",
      'Pulse Imprimir para empezar.\nLa cola muestra las páginas.\n',
      '- Primera página',
      'Última página',
    ];
    const out = text(mergeDocument('yaml', doc.skeleton, targets, OPTIONS));
    expect(out).toContain('\nes:\n');
    expect(out).toContain("hint: 'Elija una impresora: está a la izquierda, l''autre'");
    expect(out).toContain(
      '    help: |\n      Pulse Imprimir para empezar.\n      La cola muestra las páginas.\n',
    );
    expect(out).toContain('- "- Primera página"');
    expect(out).toContain('- Última página   # a comment');
    expect(out).toContain('<<: *defaults');
    const before = parse(RAILS, { merge: true }) as { en: { print: Record<string, unknown> } };
    const after = parse(out, { merge: true }) as { es: { print: Record<string, unknown> } };
    expect(Object.keys(after.es.print)).toEqual(Object.keys(before.en.print));
    expect(after.es.print).toMatchObject({
      cancel: 'Cancelar',
      copies: 2,
      enabled: true,
      title: 'Imprimir "%{name}"',
    });
    expect(after.es.print.pages).toEqual(['- Primera página', 'Última página']);
  });

  it('refuses malformed YAML with a line and alias bombs', () => {
    try {
      extract(utf8('a: [1, 2\nb: c\n'));
      throw new Error('no error');
    } catch (error) {
      expect(error).toBeInstanceOf(DocumentFormatError);
      expect((error as DocumentFormatError).line).not.toBeNull();
    }
    const laughs = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) {
      laughs.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    }
    expect(() => extract(utf8(laughs.join('\n')))).toThrow(DocumentLimitError);
    expect(extract(utf8(`k: ${'word '.repeat(1_000_000)}\n`)).segments).toHaveLength(1);
  });
});
