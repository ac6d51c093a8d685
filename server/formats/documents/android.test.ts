import { describe, expect, it } from 'vitest';
import { detectDocumentFormat, extractDocument, mergeDocument, segmentToPlainText } from './index';
import { OPTIONS, text, utf8 } from './test-support';
import { parseXml, textContent } from './xml-tree';

const STRINGS = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    <!-- The app's name stays as it is -->
    <string name="app_name" translatable="false">Wordbench</string>
    <string name="welcome">Don\\'t forget to <b>save</b> &amp; close, <xliff:g id="user">%1$s</xliff:g>!</string>
    <plurals name="pages">
        <item quantity="one">%d page</item>
        <item quantity="other">%d pages</item>
    </plurals>
    <string-array name="sizes">
        <item>Small</item>
        <item>Large \\"XL\\"</item>
    </string-array>
</resources>
`;

describe('Android strings.xml', () => {
  it('reads strings, plurals and arrays with escapes as text and markup as codes', () => {
    const bytes = utf8(STRINGS);
    expect(detectDocumentFormat('res/values/strings.xml', bytes)).toBe('android');
    expect(detectDocumentFormat('layout.xml', utf8('<LinearLayout/>'))).toBeNull();
    const doc = extractDocument('android', bytes, OPTIONS);
    expect(doc.segments.map((s) => [s.contextKey, segmentToPlainText(s.source)])).toEqual([
      // The <xliff:g> part is a code: not in the plain text.
      ['welcome', "Don't forget to save & close, !"],
      ['pages[one]', '%d page'],
      ['pages[other]', '%d pages'],
      ['sizes[0]', 'Small'],
      ['sizes[1]', 'Large "XL"'],
    ]);
    expect(doc.segments[0]!.source).toBe(
      'Don\'t forget to <g id="1">save</g> & close, <x id="2"/>!',
    );
  });

  it('gives the bytes back untranslated and writes targets escaped', () => {
    const bytes = utf8(STRINGS);
    const doc = extractDocument('android', bytes, OPTIONS);
    expect(
      mergeDocument(
        'android',
        doc.skeleton,
        doc.segments.map(() => null),
        OPTIONS,
      ),
    ).toEqual(bytes);
    const welcome = doc.segments[0]!.source.replace("Don't forget to", 'No olvide')
      .replace('save', 'guardar')
      .replace('close', "cerrar l'app");
    const out = text(
      mergeDocument(
        'android',
        doc.skeleton,
        [welcome, '%d página', null, null, '@Grande'],
        OPTIONS,
      ),
    );
    expect(out).toContain(
      '<string name="welcome">No olvide <b>guardar</b> &amp; cerrar l\\\'app, <xliff:g id="user">%1$s</xliff:g>!</string>',
    );
    expect(out).toContain('<item quantity="one">%d página</item>');
    expect(out).toContain('<item>\\@Grande</item>');
    expect(out).toContain('translatable="false">Wordbench</string>');
    const root = parseXml(out, 'strings.xml');
    expect(
      root.children
        .filter((c) => c.type === 'element')
        .map((c) => (c.type === 'element' ? c.attrs.name : '')),
    ).toEqual(['app_name', 'welcome', 'pages', 'sizes']);
    expect(textContent(root)).toContain('%d página');
  });

  it('reads values as the app shows them: quotes, blanks, escapes; quoted values stay quoted', () => {
    const xml =
      '<resources>\n' +
      '  <string name="quoted">"Don\'t  wait"</string>\n' +
      '  <string name="wrapped">\n      Tap to\n      continue\n  </string>\n' +
      '  <string name="escapes">Line\\nnext \\u00e9t\\u00E9 \\@home \\\\ \\?</string>\n' +
      '  <string name="mixed">Say "hi  there" <i>now</i></string>\n' +
      '</resources>\n';
    const bytes = utf8(xml);
    const doc = extractDocument('android', bytes, OPTIONS);
    expect(doc.segments.map((s) => s.source)).toEqual([
      "Don't  wait",
      'Tap to continue',
      'Line\nnext été @home \\ ?',
      'Say hi  there <g id="1">now</g>',
    ]);
    const nulls = doc.segments.map(() => null);
    expect(mergeDocument('android', doc.skeleton, nulls, OPTIONS)).toEqual(bytes);
    const out = text(
      mergeDocument(
        'android',
        doc.skeleton,
        [
          "No  esperes, d'acord",
          'Toque para seguir',
          'Línea\nsiguiente',
          'Di hola <g id="1">ya</g>',
        ],
        OPTIONS,
      ),
    );
    expect(out).toContain('<string name="quoted">"No  esperes, d\\\'acord"</string>');
    expect(out).toContain('<string name="wrapped">Toque para seguir</string>');
    expect(out).toContain('<string name="escapes">Línea\\nsiguiente</string>');
    expect(out).toContain('<string name="mixed">Di hola <i>ya</i></string>');
    const again = extractDocument('android', utf8(out), OPTIONS);
    expect(again.segments.map((s) => s.source)).toEqual([
      "No  esperes, d'acord",
      'Toque para seguir',
      'Línea\nsiguiente',
      'Di hola <g id="1">ya</g>',
    ]);
  });

  it('refuses entity declarations', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><resources><string name="a">&x;</string></resources>';
    expect(() => extractDocument('android', utf8(xxe), OPTIONS)).toThrow(
      /DOCTYPE that declares entities/,
    );
  });
});
