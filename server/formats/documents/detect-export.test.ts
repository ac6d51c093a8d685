import { describe, expect, it } from 'vitest';
import { detectDocumentFormat, exportXliff12, extractDocument } from './index';
import { OPTIONS, fixture, text, utf8 } from './test-support';

describe('detectDocumentFormat', () => {
  it('goes by extension, and tells XLIFF 1.2 from 2 by the root', () => {
    expect(detectDocumentFormat('notes.TXT', utf8('Hello'))).toBe('text');
    expect(detectDocumentFormat('es.po', utf8('msgid ""'))).toBe('po');
    expect(detectDocumentFormat('app.pot', utf8(''))).toBe('po');
    expect(detectDocumentFormat('en.json', utf8('{}'))).toBe('json');
    expect(detectDocumentFormat('a.xlf', fixture('find-toolbar.xlf'))).toBe('xliff12');
    expect(detectDocumentFormat('a.xliff', fixture('writer-styles.xlf'))).toBe('xliff20');
    expect(detectDocumentFormat('a.sdlxliff', utf8('<?xml version="1.0"?>'))).toBe('xliff12');
  });

  it('sniffs the content when the extension says nothing', () => {
    expect(detectDocumentFormat('export.xml', fixture('writer-styles.xlf').subarray(0, 300))).toBe(
      'xliff20',
    );
    expect(detectDocumentFormat('messages', fixture('file-manager.po'))).toBe('po');
    expect(detectDocumentFormat('README', utf8('Plain words.\n'))).toBe('text');
    expect(detectDocumentFormat('strings', utf8('{"a": "b"}'))).toBe('json');
    // HTML has had a filter since file translation (issue 12); other XML is still no document.
    expect(detectDocumentFormat('page.html', utf8('<html></html>'))).toBe('html');
    expect(detectDocumentFormat('notes.xml', utf8('<notes><note/></notes>'))).toBeNull();
    expect(
      detectDocumentFormat('photo', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])),
    ).toBeNull();
    // A head cut inside a multi-byte character is still text.
    expect(detectDocumentFormat('LICENSE', utf8('Ünïcödé').subarray(0, 3))).toBe('text');
  });
});

describe('exportXliff12', () => {
  it('writes a bilingual XLIFF 1.2 that reads back with the same segments', () => {
    const segments = [
      {
        source: 'Press <g id="1">Enter</g> <x id="2"/> now.',
        target: 'Pulse <g id="1">Intro</g> <x id="2"/> ya.',
      },
      { source: 'A & B < C, <b> &amp;lt; {0} %s', target: null },
      {
        source: 'Split <bx id="1"/>start',
        target: 'Inicio <bx id="1"/>partido',
        state: 'final' as const,
      },
      {
        source: 'Break <ph id="1">&lt;br/&gt;</ph> here.',
        target: 'Salto <g id="1">roto.',
        state: 'draft' as const,
      },
    ];
    const bytes = exportXliff12({
      name: 'guide & notes.txt',
      srclang: 'en',
      trglang: 'es',
      segments,
    });
    const xml = text(bytes);
    expect(xml).toContain(
      '<file original="guide &amp; notes.txt" source-language="en" target-language="es"',
    );
    expect(xml).toContain('<source>A &amp; B &lt; C, &lt;b&gt; &amp;lt; {0} %s</source>');
    expect(xml).toContain('<target state="final">Inicio <bx id="1"/>partido</target>');
    expect(xml).toContain('<source>Break <ph id="1">&lt;br/&gt;</ph> here.</source>');
    expect(xml).toContain(
      '<target state="needs-review-translation">Salto <bx id="1"/>roto.</target>',
    );
    const doc = extractDocument('xliff12', bytes, OPTIONS);
    expect(doc.segments.map((s) => [s.source, s.target])).toEqual([
      ['Press <g id="1">Enter</g> <x id="2"/> now.', 'Pulse <g id="1">Intro</g> <x id="2"/> ya.'],
      ['A & B < C, <b> &amp;lt; {0} %s', null],
      ['Split <bx id="1"/>start', 'Inicio <bx id="1"/>partido'],
      ['Break <x id="1"/> here.', 'Salto <bx id="2"/>roto.'],
    ]);
    expect(doc.segments[3]!.isFuzzy).toBe(true);
  });
});
