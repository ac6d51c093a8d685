import { describe, expect, it } from 'vitest';
import { corpusPairs } from './corpus/corpus-pairs';
import { extractDocument, mergeDocument } from './index';
import { OPTIONS, fixture, formatError, text, utf8 } from './test-support';

const extract = (bytes: Uint8Array) => extractDocument('text', bytes, OPTIONS);
// Through JSON, as the skeleton is stored.
const merge = (doc: ReturnType<typeof extract>, targets: Array<string | null>) =>
  mergeDocument('text', JSON.parse(JSON.stringify(doc.skeleton)), targets, OPTIONS);
const roundTrip = (bytes: Uint8Array) => {
  const doc = extract(bytes);
  return merge(
    doc,
    doc.segments.map(() => null),
  );
};

describe('text filter', () => {
  it('extracts paragraphs, sentences and list items, leaving markers and rules out', () => {
    const doc = extract(fixture('release-notes.txt'));
    expect(doc.format).toBe('text');
    expect(doc.segments.map((s) => s.source)).toEqual([
      'File Manager 3.2 release notes',
      // The author's line break ends a segment: lines are never joined.
      'This release brings faster folder loading, e.g. for folders with thousands of',
      'files, and fixes several crashes.',
      'Mr. García reported most of them.',
      'Thanks!',
      "What's new:",
      'Tabs can be reordered by dragging.',
      'The search bar remembers the last 10 queries.',
      'Thumbnails of 3.5 MB images load about 2x faster.',
      'Known issues...',
      'We are working on them.',
      'Indented line after a blank-free paragraph.',
      'Questions?',
      'Write to support@example.org or visit https://example.org/docs.',
    ]);
    expect(doc.segments.every((s, i) => s.index === i && s.target === null)).toBe(true);
  });

  it('reproduces the file byte for byte when no segment is translated', () => {
    const bytes = fixture('release-notes.txt');
    expect(roundTrip(bytes)).toEqual(bytes);
    const crlfBom = utf8(`\ufeff${text(bytes).replace(/\n/g, '\r\n')}`);
    expect(crlfBom.slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(roundTrip(crlfBom)).toEqual(crlfBom);
    for (const s of ['', '\n\n', '  \t', 'No final newline.', ' Lead.\n\n\n Trail.  \r\n']) {
      expect(roundTrip(utf8(s))).toEqual(utf8(s));
    }
  });

  it('reads and writes UTF-16 with a byte order mark', () => {
    const source = 'Première phrase. Deuxième phrase.\r\n';
    const bytes = new Uint8Array(2 + source.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < source.length; i++) bytes[2 + i * 2] = source.charCodeAt(i);
    const doc = extract(bytes);
    expect(doc.segments.map((s) => s.source)).toEqual(['Première phrase.', 'Deuxième phrase.']);
    expect(merge(doc, [null, null])).toEqual(bytes);
  });

  it('merges targets in place and keeps every line break, with CRLF kept', () => {
    const bytes = utf8('Title\r\n\r\nFirst sentence. Second\r\nsentence here.\r\n- Item one\r\n');
    const doc = extract(bytes);
    expect(doc.segments.map((s) => s.source)).toEqual([
      'Title',
      'First sentence.',
      'Second',
      'sentence here.',
      'Item one',
    ]);
    const targets = ['Título', null, 'Segunda', 'frase\naquí.', 'Elemento uno'];
    const merged = text(merge(doc, targets));
    expect(merged).toBe(
      'Título\r\n\r\nFirst sentence. Segunda\r\nfrase\r\naquí.\r\n- Elemento uno\r\n',
    );
  });

  it('never joins lines: a wrapped paragraph stays line by line, short lines stay apart', () => {
    const doc = extract(
      utf8(
        'This paragraph was wrapped by an editor at a fixed width\n  and continues on the next line.\nDear Sir\nYours truly\n',
      ),
    );
    expect(doc.segments.map((s) => s.source)).toEqual([
      'This paragraph was wrapped by an editor at a fixed width',
      'and continues on the next line.',
      'Dear Sir',
      'Yours truly',
    ]);
  });

  it('keeps every line break of a 200-line help file, each line its own segment(s)', () => {
    // Lines of the real LibreOffice help (../shared/data), many starting in lower case or
    // following a long line: the shapes the old hard-wrap rule joined.
    const lines = corpusPairs(200).map((p) => p.en);
    const file = utf8(lines.map((line, i) => (i % 3 === 0 ? line.toLowerCase() : line)).join('\n'));
    const doc = extract(file);
    expect(doc.segments.map((s) => s.source)).toEqual(
      lines.map((line, i) => (i % 3 === 0 ? line.toLowerCase() : line)),
    );
    const merged = text(
      merge(
        doc,
        doc.segments.map((_, i) => `Línea ${i + 1}.`),
      ),
    );
    expect(merged.split('\n')).toEqual(lines.map((_, i) => `Línea ${i + 1}.`));
  });

  it('keeps markup as text, escapes only code-like text, and merges it back exactly', () => {
    const bytes = utf8(
      'Use <b> for bold & write &lt; for a < sign. The code <x id="1"/> is XLIFF.\n',
    );
    const doc = extract(bytes);
    expect(doc.segments.map((s) => s.source)).toEqual([
      'Use <b> for bold & write &amp;lt; for a < sign.',
      'The code &lt;x id="1"/> is XLIFF.',
    ]);
    expect(
      merge(
        doc,
        doc.segments.map((s) => s.source),
      ),
    ).toEqual(bytes);
    // Codes in a target are dropped; a <ph> gives its native text.
    const targets = ['Usa <g id="1">negrita</g> <ph id="2">&lt;b&gt;</ph>.', null];
    expect(text(merge(doc, targets))).toBe('Usa negrita <b>. The code <x id="1"/> is XLIFF.\n');
  });

  it('refuses bytes that are not UTF-8 text, saying where', () => {
    const err = formatError(() => extract(new Uint8Array([0x4f, 0x4b, 0x0a, 0x61, 0xe9, 0x62])));
    expect(err.message).toMatch(/not UTF-8/);
    expect([err.line, err.column]).toEqual([2, 2]);
    expect(formatError(() => extract(new Uint8Array([0x41, 0x00, 0x42]))).message).toMatch(/NUL/);
  });

  it('rejects a skeleton of another format or a wrong number of targets', () => {
    const doc = extract(utf8('One. Two.'));
    expect(() => mergeDocument('json', doc.skeleton, [null, null], OPTIONS)).toThrow(/skeleton/);
    expect(() => merge(doc, [null])).toThrow(/2 segments but 1 targets/);
  });
});
