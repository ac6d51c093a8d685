import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument, segmentToPlainText } from './index';
import { OPTIONS, text, utf8 } from './test-support';

const CATALOG = `{
  "sourceLanguage" : "en",
  "strings" : {
    "Print" : {
      "comment" : "Button title"
    },
    "pages" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld page" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld pages" } }
            }
          }
        },
        "es" : {
          "variations" : {
            "plural" : {
              "one" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld página" } }
            }
          }
        }
      }
    },
    "wordbench" : {
      "shouldTranslate" : false
    }
  },
  "version" : "1.0"
}
`;

describe('Xcode String Catalogs', () => {
  it('reads keys, plural variations and existing targets; skips shouldTranslate false', () => {
    const doc = extractDocument('xcstrings', utf8(CATALOG), OPTIONS);
    expect(
      doc.segments.map((s) => [
        s.contextKey,
        segmentToPlainText(s.source),
        s.target && segmentToPlainText(s.target),
        s.isFuzzy ?? false,
      ]),
    ).toEqual([
      ['Print', 'Print', null, false],
      ['pages|plural.one', '%lld page', '%lld página', true],
      ['pages|plural.other', '%lld pages', null, false],
    ]);
    expect(doc.segments[0]!.note).toBe('Button title\nPrint');
  });

  it('writes the target language as translated units in Xcode’s style', () => {
    const bytes = utf8(CATALOG);
    const doc = extractDocument('xcstrings', bytes, OPTIONS);
    expect(mergeDocument('xcstrings', doc.skeleton, [null, null, null], OPTIONS)).toEqual(bytes);
    const out = text(
      mergeDocument(
        'xcstrings',
        doc.skeleton,
        ['Imprimir', '%lld página', '%lld páginas'],
        OPTIONS,
      ),
    );
    const catalog = JSON.parse(out) as {
      strings: Record<string, { localizations?: Record<string, unknown> }>;
    };
    expect(catalog.strings.Print!.localizations).toEqual({
      es: { stringUnit: { state: 'translated', value: 'Imprimir' } },
    });
    expect(catalog.strings.pages!.localizations!.es).toEqual({
      variations: {
        plural: {
          one: { stringUnit: { state: 'translated', value: '%lld página' } },
          other: { stringUnit: { state: 'translated', value: '%lld páginas' } },
        },
      },
    });
    expect(out).toContain('"sourceLanguage" : "en"');
    expect(out.endsWith('}\n')).toBe(true);
  });
});
