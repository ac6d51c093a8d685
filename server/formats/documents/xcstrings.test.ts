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

  it('reads nested variations and substitutions and writes them as Xcode does', () => {
    const xcode = `{
  "sourceLanguage" : "en",
  "strings" : {
    "" : {

    },
    "%lld files in %lld folders" : {
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "new",
            "value" : "%#@files@ in %#@folders@"
          },
          "substitutions" : {
            "files" : {
              "argNum" : 1,
              "formatSpecifier" : "lld",
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "new",
                      "value" : "%arg file"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "new",
                      "value" : "%arg files"
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
    "Open\\/Close" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "device" : {
              "mac" : {
                "stringUnit" : {
                  "state" : "new",
                  "value" : "Click to open"
                }
              }
            }
          }
        }
      }
    }
  },
  "version" : "1.0"
}`;
    const bytes = utf8(xcode);
    const doc = extractDocument('xcstrings', bytes, OPTIONS);
    expect(doc.segments.map((s) => [s.contextKey, s.source])).toEqual([
      ['%lld files in %lld folders', '%#@files@ in %#@folders@'],
      ['%lld files in %lld folders|substitutions.files.plural.one', '%arg file'],
      ['%lld files in %lld folders|substitutions.files.plural.other', '%arg files'],
      ['Open/Close|device.mac', 'Click to open'],
    ]);
    expect(mergeDocument('xcstrings', doc.skeleton, [null, null, null, null], OPTIONS)).toEqual(
      bytes,
    );
    const targets = ['%#@files@ en %#@folders@', '%arg archivo', '%arg archivos', 'Haga clic'];
    const out = text(mergeDocument('xcstrings', doc.skeleton, targets, OPTIONS));
    const unit = (pad: string, value: string) =>
      `${pad}"stringUnit" : {\n${pad}  "state" : "translated",\n${pad}  "value" : "${value}"\n${pad}}`;
    // The source language's parts are exactly as they were: the writer is Xcode's style.
    const en = xcode.slice(0, xcode.indexOf('\n        }\n      }\n    },\n    "Open'));
    expect(out.startsWith(`${en}\n        },\n        "es" : {`)).toBe(true);
    expect(out).toContain(
      `"es" : {\n${unit('          ', '%#@files@ en %#@folders@')},\n          "substitutions" : {\n` +
        `            "files" : {\n              "argNum" : 1,\n              "formatSpecifier" : "lld",\n`,
    );
    expect(out).toContain(unit('                    ', '%arg archivos'));
    expect(out).toContain(
      `"es" : {\n          "variations" : {\n            "device" : {\n              "mac" : {\n${unit('                ', 'Haga clic')}`,
    );
    expect(out).toContain('"" : {\n\n    },');
    expect(out).toContain('"Open\\/Close" : {');
    expect(out.endsWith('"version" : "1.0"\n}')).toBe(true);
    const again = extractDocument('xcstrings', utf8(out), OPTIONS);
    expect(again.segments.map((s) => s.target)).toEqual(targets);
  });
});
