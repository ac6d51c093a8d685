import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument } from './index';
import { OPTIONS, fixture, formatError, text, utf8 } from './test-support';

const extract = (bytes: Uint8Array) => extractDocument('json', bytes, OPTIONS);
const merge = (doc: ReturnType<typeof extract>, targets: Array<string | null>) =>
  mergeDocument('json', JSON.parse(JSON.stringify(doc.skeleton)), targets, OPTIONS);

describe('JSON filter', () => {
  const bytes = fixture('app.json');
  const doc = extract(bytes);

  it('extracts every non-blank string value whole, with its key path', () => {
    expect(doc.segments.map((s) => [s.contextKey, s.source])).toEqual([
      ['app.title', 'File Manager'],
      ['menu.file.open', 'Open…'],
      ['menu.file.recent', 'Open Recent'],
      ['menu.file.quit', 'Quit {appName}'],
      ['menu.items[0]', 'Cut'],
      ['menu.items[1]', 'Copy'],
      ['menu.items[2]', 'Paste'],
      ['messages.deleted', 'Deleted %1$s of %2$s files.'],
      ['messages.error', 'Could not open "{path}".\nCheck that it exists.'],
      // Markup in a JSON value is text (the TM engine still reads `<b>` as a tag by its shape).
      ['messages.html', 'Press <b>Enter</b> to confirm & continue.'],
    ]);
    expect(doc.segments[3]!.note).toBe('menu.file.quit');
  });

  it('gives back the exact bytes when no target is set, whatever the style', () => {
    expect(
      merge(
        doc,
        doc.segments.map(() => null),
      ),
    ).toEqual(bytes);
    const styled = [
      '{\n\t"a": "Tab indented",\n\t"b": [ "x" ]\n}',
      '\ufeff{\r\n    "title" : "Four spaces, CRLF, BOM"\r\n}\r\n',
      '{"minified":"yes","n":[1,{"deep":"value"}]}',
      '["Top-level array", "of strings"]',
      '"Just a string"',
    ];
    for (const s of styled) {
      const d = extract(utf8(s));
      expect(
        merge(
          d,
          d.segments.map(() => null),
        ),
      ).toEqual(utf8(s));
    }
  });

  it('merges targets into the same layout, and JSON.parse reads them', () => {
    const targets: Array<string | null> = doc.segments.map((s) => `ES ${s.source}`);
    targets[8] = 'No se pudo abrir «{path}».\nCompruebe que existe.';
    targets[9] = 'Pulse <b>Intro</b> para confirmar & seguir.';
    targets[2] = null;
    const merged = text(merge(doc, targets));
    const parsed = JSON.parse(merged);
    expect(parsed.menu.file).toEqual({
      open: 'ES Open…',
      recent: 'Open Recent',
      quit: 'ES Quit {appName}',
    });
    expect(parsed.messages.error).toBe('No se pudo abrir «{path}».\nCompruebe que existe.');
    expect(parsed.messages.html).toBe('Pulse <b>Intro</b> para confirmar & seguir.');
    expect(parsed.app).toEqual({ title: 'ES File Manager', version: 3, beta: false });
    expect(parsed.limits).toEqual([1, 2.5, -300]);
    expect(parsed.menu.items).toEqual(['ES Cut', 'ES Copy', 'ES Paste', '']);
    // Same keys in the same order, same lines, same indentation.
    expect(Object.keys(parsed)).toEqual(Object.keys(JSON.parse(text(bytes))));
    const indents = (s: string) => s.split('\n').map((l) => /^\s*/.exec(l)![0]);
    expect(indents(merged)).toEqual(indents(text(bytes)));
    expect(merged).toContain('    "beta": false\n');
  });

  it('writes \\u escapes in files that use them', () => {
    const d = extract(utf8('{"a": "Caf\\u00e9"}'));
    expect(d.segments[0]!.source).toBe('Café');
    expect(text(merge(d, ['Café crème']))).toBe('{"a": "Caf\\u00e9 cr\\u00e8me"}');
  });

  it('reports malformed JSON with line and column, and refuses deep nesting', () => {
    const trailing = formatError(() => extract(utf8('{\n  "a": "x",\n}')));
    expect([trailing.line, trailing.column]).toEqual([3, 1]);
    expect(trailing.message).toMatch(/^JSON: a key/);
    const unterminated = formatError(() => extract(utf8('{"a": "x}')));
    expect(unterminated.message).toMatch(/unterminated string/);
    expect(formatError(() => extract(utf8('{"a": tru}'))).column).toBe(7);
    expect(formatError(() => extract(utf8('{} {}'))).message).toMatch(/after the end/);
    expect(formatError(() => extract(utf8('// comment\n{}'))).line).toBe(1);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(formatError(() => extract(utf8(deep))).message).toMatch(/deeper than/);
  });
});
