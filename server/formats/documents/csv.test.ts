import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument, segmentToPlainText } from './index';
import { OPTIONS, formatError, text, utf8 } from './test-support';

const FILE =
  'key;id;text;comment\r\nmenu.open;12;Open a file;verb\r\nmenu.save;13;"Save; then close";\r\nmenu.quote;14;"Say ""hi""";x\r\n';

describe('the CSV filter', () => {
  it('reads the text column (delimiter sniffed), not keys, ids or comments', () => {
    const doc = extractDocument('csv', utf8(FILE), OPTIONS);
    expect(doc.segments.map((s) => [s.contextKey, segmentToPlainText(s.source)])).toEqual([
      ['menu.open/text', 'Open a file'],
      ['menu.save/text', 'Save; then close'],
      ['menu.quote/text', 'Say "hi"'],
    ]);
    const chosen = extractDocument('csv', utf8(FILE), { ...OPTIONS, csvColumns: ['comment'] });
    expect(chosen.segments.map((s) => s.source)).toEqual(['verb', 'x']);
  });

  it('gives the bytes back untranslated and quotes targets that need it', () => {
    const bytes = utf8(FILE);
    const doc = extractDocument('csv', bytes, OPTIONS);
    expect(mergeDocument('csv', doc.skeleton, [null, null, null], OPTIONS)).toEqual(bytes);
    const out = text(
      mergeDocument('csv', doc.skeleton, ['Abrir; un archivo', 'Guardar', 'Diga "hola"'], OPTIONS),
    );
    const rows = parse(out, { delimiter: ';' }) as string[][];
    expect(rows.map((r) => r[2])).toEqual(['text', 'Abrir; un archivo', 'Guardar', 'Diga "hola"']);
    expect(rows.every((r) => r.length === 4)).toBe(true);
  });

  it('refuses an unterminated quote, saying where', () => {
    const error = formatError(() => extractDocument('csv', utf8('a,b\n1,"open\n'), OPTIONS));
    expect(error.line).toBe(2);
    expect(
      extractDocument('csv', utf8(`k,text\nx,${'word '.repeat(1_000_000)}\n`), OPTIONS).segments,
    ).toHaveLength(1);
  });
});
