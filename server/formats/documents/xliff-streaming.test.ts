import { describe, expect, it } from 'vitest';
import type { DocumentFormat } from './types';
import { extractDocument, type ExtractedSegment } from './index';
import { OPTIONS, fixture, formatError, utf8 } from './test-support';

/** What `onSegments` was told: the length and a copy of each segment at every call. */
function extractTelling(format: DocumentFormat, bytes: Uint8Array) {
  const told: { length: number; copies: ExtractedSegment[] }[] = [];
  let array: readonly ExtractedSegment[] | undefined;
  const doc = extractDocument(format, bytes, {
    ...OPTIONS,
    onSegments: (segments) => {
      array ??= segments;
      expect(segments).toBe(array);
      told.push({ length: segments.length, copies: structuredClone([...segments]) });
    },
  });
  return { doc, told, array };
}

describe('XLIFF filters tell segments as units end (file translation starts on them)', () => {
  it.each([
    ['xliff12', 'find-toolbar.xlf'],
    ['xliff20', 'writer-styles.xlf'],
  ] as const)('%s: told unit by unit, the same segments as a plain read', (format, name) => {
    const bytes = fixture(name);
    const plain = extractDocument(format, bytes, OPTIONS);
    const { doc, told, array } = extractTelling(format, bytes);
    expect(doc).toEqual(plain);
    expect(array).toBe(doc.segments);
    // Growing, one call per unit that has segments, the last one with all of them.
    expect(told.length).toBeGreaterThan(2);
    const lengths = told.map((t) => t.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(lengths.at(-1)).toBe(plain.segments.length);
    // A segment once told never changes.
    for (const { length, copies } of told) expect(copies).toEqual(plain.segments.slice(0, length));
  });

  it('tells nothing of units outside body and groups, or in an untranslatable group', () => {
    const xliff = `<xliff version="1.2"><file source-language="en" datatype="plaintext" original="x">
      <header><trans-unit id="h"><source>In the header.</source></trans-unit></header>
      <body><group translate="no"><trans-unit id="a"><source>Locked.</source></trans-unit></group>
      <group><group><trans-unit id="b"><source>Deep.</source></trans-unit></group></group></body>
    </file></xliff>`;
    const { doc, told } = extractTelling('xliff12', utf8(xliff));
    expect(doc.segments.map((s) => s.source)).toEqual(['Deep.']);
    expect(told.map((t) => t.length)).toEqual([0, 1]);
  });

  it('still refuses a file that breaks after units were told', () => {
    const xliff = `<xliff version="1.2"><file source-language="en" datatype="plaintext" original="x">
      <body><trans-unit id="a"><source>Fine.</source></trans-unit><trans-unit id="b"></body>`;
    const told: number[] = [];
    const error = formatError(() =>
      extractDocument('xliff12', utf8(xliff), {
        ...OPTIONS,
        onSegments: (segments) => told.push(segments.length),
      }),
    );
    expect(told).toEqual([1]);
    expect(error.message).toMatch(/XLIFF 1\.2/);
  });
});
