import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument, segmentToPlainText } from './index';
import { OPTIONS, formatError, text, utf8 } from './test-support';

const STRINGS = `/* Title of the print dialog */\r\n"print.title" = "Print \\"%@\\"";\r\n\r\n// Shown on the button\r\n"print.button" = "Print";\r\nunquoted_key = "Pages:\\n%d";\r\n"empty" = "";\r\n`;

function utf16(s: string): Uint8Array {
  const bytes = new Uint8Array(2 + s.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < s.length; i++) {
    bytes[2 + i * 2] = s.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = s.charCodeAt(i) >> 8;
  }
  return bytes;
}

describe('Apple .strings', () => {
  it('reads values with escapes, comments as notes, in UTF-8 and UTF-16', () => {
    for (const bytes of [utf8(STRINGS), utf16(STRINGS)]) {
      const doc = extractDocument('ios-strings', bytes, OPTIONS);
      expect(doc.segments.map((s) => [s.contextKey, segmentToPlainText(s.source)])).toEqual([
        ['print.title', 'Print "%@"'],
        ['print.button', 'Print'],
        ['unquoted_key', 'Pages:\n%d'],
      ]);
      expect(doc.segments[0]!.note).toBe('Title of the print dialog\nprint.title');
      expect(mergeDocument('ios-strings', doc.skeleton, [null, null, null], OPTIONS)).toEqual(
        bytes,
      );
    }
  });

  it('writes targets escaped, in the file’s encoding', () => {
    const bytes = utf16(STRINGS);
    const doc = extractDocument('ios-strings', bytes, OPTIONS);
    const out = mergeDocument(
      'ios-strings',
      doc.skeleton,
      ['Imprimir «%@» "ya"', null, 'Páginas:\n%d'],
      OPTIONS,
    );
    expect([out[0], out[1]]).toEqual([0xff, 0xfe]);
    const written = new TextDecoder('utf-16le').decode(out.subarray(2));
    expect(written).toContain('"print.title" = "Imprimir «%@» \\"ya\\"";');
    expect(written).toContain('unquoted_key = "Páginas:\\n%d";');
    expect(text(utf8(written))).toContain('"print.button" = "Print";');
  });

  it('refuses a broken pair, saying where', () => {
    const error = formatError(() =>
      extractDocument('ios-strings', utf8('"a" = "b"\n"c" "d";'), OPTIONS),
    );
    expect(error.line).toBe(2);
  });
});
