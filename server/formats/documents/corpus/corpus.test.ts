import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_EXTENSIONS, DOCUMENT_FORMATS } from '../../../../shared/api/documents';
import {
  detectDocumentFormat,
  documentExtensions,
  extractDocument,
  mergeDocument,
  segmentToPlainText,
} from '../index';
import { decodeXmlEntities } from '../../xml-escape';
import { CORPUS_FILES } from './corpus-files';
import { corpusPairs } from './corpus-pairs';

// Every format, one file built from real help sentences (../shared/data): detected by its name,
// read into exactly those sentences, written back byte for byte without translations, and with
// the Spanish translations merged in, a file the same filter reads again that carries them.

const PAIRS = corpusPairs(24);
const LANGS = { srclang: 'en', trglang: 'es' };
const ZIPPED = new Set(['docx', 'pptx', 'xlsx']);
const spanishOf = new Map(PAIRS.map((p) => [p.en, p.es]));

/** The file as text a test can search: zipped parts joined, XML entities decoded. */
function searchable(format: string, bytes: Uint8Array): string {
  if (!ZIPPED.has(format)) return new TextDecoder().decode(bytes);
  const parts = unzipSync(bytes);
  return Object.values(parts)
    .map((part) => decodeXmlEntities(strFromU8(part).replace(/<[^>]+>/g, '')))
    .join('\n');
}

describe.each(DOCUMENT_FORMATS)('the %s filter on real help sentences', (format) => {
  const file = CORPUS_FILES[format];
  const bytes = file.build(PAIRS.map((p) => p.en));

  it('is detected, reads every sentence, and gives the bytes back untranslated', () => {
    expect(detectDocumentFormat(file.name, bytes.subarray(0, 8192))).toBe(format);
    const read = extractDocument(format, bytes, LANGS);
    const sources = read.segments.map((s) => segmentToPlainText(s.source));
    for (const { en } of PAIRS) expect(sources).toContain(en);
    const untouched = mergeDocument(
      format,
      read.skeleton,
      read.segments.map(() => null),
      LANGS,
    );
    if (ZIPPED.has(format)) expect(unzipSync(untouched)).toEqual(unzipSync(bytes));
    else expect(Buffer.from(untouched).equals(Buffer.from(bytes))).toBe(true);
  });

  it('merges the Spanish into a file the filter reads again', () => {
    const read = extractDocument(format, bytes, LANGS);
    const targets = read.segments.map((s) => spanishOf.get(segmentToPlainText(s.source)) ?? null);
    expect(targets.filter((t) => t !== null)).toHaveLength(PAIRS.length);
    const merged = mergeDocument(format, read.skeleton, targets, LANGS);
    // Read again: the Spanish is a source (text-like formats) or a target (XLIFF, PO), or at
    // least in the file's text (a catalogue that adds the target language beside the source).
    const again = extractDocument(format, merged, LANGS);
    const found = new Set(
      again.segments.flatMap((s) => [s.source, s.target ?? ''].map(segmentToPlainText)),
    );
    const text = searchable(format, merged);
    for (const { es } of PAIRS) expect(found.has(es) || text.includes(es), es).toBe(true);
  });
});

it('the extensions file pickers offer are exactly those the filters read', () => {
  expect([...documentExtensions()].sort()).toEqual([...DOCUMENT_EXTENSIONS].sort());
});
