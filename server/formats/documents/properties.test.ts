import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument, segmentToPlainText } from './index';
import { OPTIONS, text, utf8 } from './test-support';

const FILE = [
  '# Messages of the print dialog',
  '! another comment style',
  'dialog.title = Print document',
  'dialog.hint:Choose a printer, then press \\',
  '    Print.',
  'dialog.count   {0} pages of {1}',
  'path.sep=C\\:\\\\Users',
  'greeting=Gr\\u00fc\\u00dfe',
  'empty=',
  'key\\ with\\ spaces = Value with spaces',
  '',
].join('\r\n');

const extract = (bytes: Uint8Array) => extractDocument('properties', bytes, OPTIONS);

describe('the .properties filter', () => {
  it('reads values with continuations and escapes, keys as context, comments as notes', () => {
    const doc = extract(utf8(FILE));
    expect(doc.segments.map((s) => segmentToPlainText(s.source))).toEqual([
      'Print document',
      'Choose a printer, then press Print.',
      '{0} pages of {1}',
      'C:\\Users',
      'Grüße',
      'Value with spaces',
    ]);
    expect(doc.segments.map((s) => s.contextKey)).toEqual([
      'dialog.title',
      'dialog.hint',
      'dialog.count',
      'path.sep',
      'greeting',
      'key with spaces',
    ]);
    expect(doc.segments[0]!.note).toBe(
      'Messages of the print dialog\nanother comment style\ndialog.title',
    );
  });

  it('gives the bytes back untranslated and writes targets escaped in the file’s style', () => {
    const bytes = utf8(FILE);
    const doc = extract(bytes);
    expect(
      mergeDocument(
        'properties',
        doc.skeleton,
        doc.segments.map(() => null),
        OPTIONS,
      ),
    ).toEqual(bytes);
    const targets = doc.segments.map(() => null as string | null);
    targets[1] = 'Elija una impresora\ny pulse Imprimir.';
    targets[4] = ' Saludos';
    const out = text(mergeDocument('properties', doc.skeleton, targets, OPTIONS));
    expect(out).toContain('dialog.hint:Elija una impresora\\ny pulse Imprimir.\r\ndialog.count');
    // The file writes non-ASCII as \u escapes: so does the merge.
    expect(out).toContain('greeting=\\ Saludos');
    const again = extract(utf8(out));
    expect(again.segments.map((s) => s.contextKey)).toEqual(doc.segments.map((s) => s.contextKey));
  });

  it('reads a Latin-1 file and writes characters beyond it as \\u escapes', () => {
    const bytes = new Uint8Array(Buffer.from('title=Caf\u00e9\n', 'latin1'));
    const doc = extract(bytes);
    expect(segmentToPlainText(doc.segments[0]!.source)).toBe('Café');
    const out = mergeDocument('properties', doc.skeleton, ['Café – 東京'], OPTIONS);
    expect(Buffer.from(out).toString('latin1')).toBe('title=Caf\u00e9 \\u2013 \\u6771\\u4eac\n');
  });

  it('handles one very long line', () => {
    const doc = extract(utf8(`k=${'word '.repeat(1_000_000)}`));
    expect(doc.segments).toHaveLength(1);
  });
});
