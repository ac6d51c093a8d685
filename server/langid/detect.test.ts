import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeSample } from './decode';
import { detectLanguage } from './detect';
import { detectFileLanguage } from '../files/detect-job';
import { extractText } from './extract-text';
import { toIso639_2 } from './iso639';

const ENGLISH =
  'Translators rarely start from an empty page. Most of what they translate has been said ' +
  'before, in an earlier version of the same manual or in a document from the same customer. ' +
  'A translation memory keeps every confirmed sentence together with its translation, and ' +
  'when a similar sentence comes along it offers the old translation as a starting point.';

const SPANISH =
  'Los traductores casi nunca empiezan desde una página en blanco. La mayor parte de lo que ' +
  'traducen ya se dijo antes, en una versión anterior del mismo manual o en un documento del ' +
  'mismo cliente. Una memoria de traducción guarda cada frase confirmada junto con su ' +
  'traducción y, cuando aparece una frase parecida, ofrece la traducción anterior como punto ' +
  'de partida.';

const GERMAN =
  'Übersetzer fangen selten mit einer leeren Seite an. Das meiste, was sie übersetzen, wurde ' +
  'schon einmal gesagt, in einer früheren Fassung desselben Handbuchs oder in einem Dokument ' +
  'desselben Kunden. Ein Translation Memory speichert jeden bestätigten Satz zusammen mit ' +
  'seiner Übersetzung und schlägt die alte Übersetzung als Ausgangspunkt vor, wenn ein ' +
  'ähnlicher Satz auftaucht.';

/** The LibreOffice help corpus, when this checkout has it beside it (see ../shared/data). */
function corpusParagraphs(file: string, column: number, count: number): string | null {
  const path = new URL(`../../../shared/data/${file}`, import.meta.url);
  if (!existsSync(path)) return null;
  const lines = readFileSync(path, 'utf8').split('\n').slice(2000, 40_000);
  const sentences = lines
    .map((line) => line.split('\t')[column] ?? '')
    .filter((text) => text.split(' ').length >= 8);
  return sentences.slice(0, count).join(' ');
}

describe('detectLanguage', () => {
  it.each([
    ['eng', ENGLISH],
    ['spa', SPANISH],
    ['deu', GERMAN],
  ])('finds %s in a paragraph, with a real confidence', (code, text) => {
    const result = detectLanguage(text);
    expect(result.lang).toBe(code);
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it.each([
    ['eng', 'lohelp-7.4.en-es.tsv', 2],
    ['spa', 'lohelp-7.4.en-es.tsv', 3],
    ['deu', 'lohelp-7.4.en-de.tsv', 3],
  ])('finds %s in real help text (when the corpus is present)', (code, file, column) => {
    const text = corpusParagraphs(file, column, 200);
    if (text === null) return;
    const result = detectLanguage(text);
    expect(result.lang).toBe(code);
    expect(result.confidence).toBeGreaterThan(0.5);
  });

  it('is less sure of one short sentence than of a paragraph', () => {
    const short = detectLanguage('The memory keeps every sentence you confirm.');
    const long = detectLanguage(ENGLISH);
    expect(short.confidence).toBeGreaterThan(0);
    expect(short.confidence).toBeLessThan(long.confidence);
  });

  it('answers und with 0 for too little text, digits and symbols', () => {
    for (const text of ['', 'Hello', '1234 5678 90 %%% ---', '    ']) {
      expect(detectLanguage(text)).toEqual({ lang: 'und', confidence: 0 });
    }
  });

  it('maps franc codes to ISO 639-2', () => {
    expect(toIso639_2('eng')).toBe('eng');
    expect(toIso639_2('cmn')).toBe('zho');
    expect(toIso639_2('arb')).toBe('ara');
    expect(toIso639_2('pes')).toBe('fas');
  });
});

describe('detectFileLanguage', () => {
  it('answers und with confidence 0 for random bytes', () => {
    for (let i = 0; i < 5; i += 1) {
      expect(detectFileLanguage('noise.bin', randomBytes(65536))).toEqual({
        lang: 'und',
        confidence: 0,
      });
    }
  });

  it('reads UTF-8 with and without BOM, UTF-16 both ways, and Windows-1252', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(GERMAN)]);
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(GERMAN, 'utf16le')]);
    const be = Buffer.from(GERMAN, 'utf16le').swap16();
    const legacy = Buffer.from(GERMAN, 'latin1');
    for (const bytes of [Buffer.from(GERMAN), bom, le, be, legacy]) {
      expect(decodeSample(bytes)).toBe(GERMAN);
      expect(detectFileLanguage('text.txt', bytes).lang).toBe('deu');
    }
  });

  it('keeps a multi-byte character cut by the sample end out of the text', () => {
    const bytes = Buffer.from('añ');
    expect(decodeSample(bytes.subarray(0, 2))).toBe('a');
  });

  it('reads the prose of XML, HTML and XLIFF (the source side), not the markup', () => {
    const html = `<html><head><style>p { color: red }</style></head><body><p>${SPANISH}</p>
      <script>var x = "the quick brown fox";</script></body></html>`;
    expect(extractText('page.html', html)).toBe(SPANISH);
    const xliff = `<?xml version="1.0"?><xliff version="1.2"><file source-language="en">
      <trans-unit id="1"><source>${ENGLISH}</source><target>${SPANISH}</target></trans-unit>
      </file></xliff>`;
    expect(detectFileLanguage('doc.xlf', Buffer.from(xliff)).lang).toBe('eng');
    expect(extractText('doc.xlf', xliff)).not.toContain('Los traductores');
  });

  it('reads the values of JSON, not the keys, even when cut short', () => {
    const json = JSON.stringify({
      greeting_message_title: GERMAN,
      nested: { list: ['Hallo Welt'] },
    });
    const text = extractText('de.json', json.slice(0, -5));
    expect(text).toContain('Übersetzer fangen selten');
    expect(text).not.toContain('greeting_message_title');
    expect(detectFileLanguage('strings.json', Buffer.from(json)).lang).toBe('deu');
  });

  it('reads the msgid texts of PO files', () => {
    const po = `# Translator comment in English
msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\\n"

msgid "${SPANISH.slice(0, 150)}"
"${SPANISH.slice(150)}"
msgstr "${ENGLISH}"
`;
    const text = extractText('es.po', po);
    expect(text).toContain('Los traductores');
    expect(text).not.toContain('Translators');
    expect(detectFileLanguage('es.po', Buffer.from(po)).lang).toBe('spa');
  });
});
