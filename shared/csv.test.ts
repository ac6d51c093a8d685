import { describe, expect, it } from 'vitest';
import { csvField, CsvReader, parseCsv } from './csv';

describe('CSV reader', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\nlines"\r\nx,y,z,w\n')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines'],
      ['x', 'y', 'z', 'w'],
    ]);
  });

  it('keeps the last row without a trailing line break, and empty fields', () => {
    expect(parseCsv('a,,c\n,b,')).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });

  it('gives the same rows whatever the pieces are', () => {
    const text = 'src,tgt\r\n"Hello, world","Hola, ""mundo"""\r\nA,B';
    for (let size = 1; size <= text.length; size += 1) {
      const reader = new CsvReader();
      const rows: string[][] = [];
      for (let index = 0; index < text.length; index += size) {
        rows.push(...reader.push(text.slice(index, index + size)));
      }
      rows.push(...reader.end());
      expect(rows).toEqual(parseCsv(text));
    }
  });

  it('reads tab-separated text and refuses an unterminated quote', () => {
    expect(parseCsv('a\tb\n', '\t')).toEqual([['a', 'b']]);
    expect(() => parseCsv('"open')).toThrow(/quoted field/);
  });

  it('writes fields that read back the same', () => {
    const values = ['plain', 'with, comma', 'with "quote"', 'two\nlines'];
    expect(parseCsv(values.map((value) => csvField(value)).join(','))).toEqual([values]);
  });
});
