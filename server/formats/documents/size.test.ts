import { describe, expect, it } from 'vitest';
import { extractDocument, mergeDocument } from './index';
import { OPTIONS, utf8 } from './test-support';

// Correctness at size, not a timing test (tests never assert wall-clock times). A super-linear
// regression still shows: V8's Intl.Segmenter is quadratic on long strings, and without the
// segmenter's windows the 2 MB paragraph takes over a minute, past the test timeout.
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;

describe('big text files', () => {
  it('extracts 5 MB of paragraphs and merges them back exactly', () => {
    const paragraph =
      'Choose Format - Character to open the dialog, e.g. to set the font. The preview shows the result at approx. 100% zoom. Mr. Smith wrote version 3.5 of this guide!\n\n';
    const bytes = utf8(paragraph.repeat(Math.ceil(5_000_000 / paragraph.length)));
    expect(bytes.length).toBeGreaterThanOrEqual(5_000_000);
    const doc = extractDocument('text', bytes, OPTIONS);
    expect(doc.segments).toHaveLength((bytes.length / paragraph.length) * 3);
    const merged = mergeDocument(
      'text',
      doc.skeleton,
      doc.segments.map(() => null),
      OPTIONS,
    );
    expect(sameBytes(merged, bytes)).toBe(true);
  });

  it('segments one 2 MB paragraph (hard-wrapped, no blank line) without hitting the quadratic case of the segmenter', () => {
    const line = 'The dialog sets the font, e.g. its size, and shows a preview of the text. ';
    const bytes = utf8(`${line.repeat(2)}\n`.repeat(Math.ceil(2_000_000 / (line.length * 2 + 1))));
    const doc = extractDocument('text', bytes, OPTIONS);
    expect(new Set(doc.segments.map((s) => s.source))).toEqual(
      new Set(['The dialog sets the font, e.g. its size, and shows a preview of the text.']),
    );
  });
});
