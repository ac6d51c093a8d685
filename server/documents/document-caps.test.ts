import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from '../../shared/api/documents';
import type { ExtractedDocument, ExtractedSegment } from '../formats/documents';
import { checkDocumentCaps } from './document-caps';

const limits = {
  ...DOCUMENT_LIMITS,
  segments: 3,
  segmentChars: 10,
  contextKeyChars: 5,
  noteChars: 8,
  metadataChars: 20,
};

function document(...segments: Partial<ExtractedSegment>[]): ExtractedDocument {
  return {
    format: 'json',
    srclang: null,
    trglang: null,
    skeleton: null,
    segments: segments.map((s, index) => ({
      index,
      source: 'Hi',
      target: null,
      contextKey: null,
      note: null,
      ...s,
    })),
  };
}

const check = (doc: ExtractedDocument) => () => checkDocumentCaps('f.json', doc, limits);

describe('checkDocumentCaps', () => {
  it('accepts a document at every limit', () => {
    expect(
      check(
        document(
          { source: 'x'.repeat(10), target: 'y'.repeat(10), contextKey: 'k'.repeat(5) },
          { note: 'n'.repeat(8) },
          { contextKey: 'abcd', note: 'n'.repeat(3) },
        ),
      ),
    ).not.toThrow();
  });

  it.each([
    [document({}, {}, {}, {}), /4 segments, more than the limit of 3 per document; split the file/],
    [document({ source: 'x'.repeat(11) }), /segment 1's source has 11 characters.*limit of 10/],
    [document({}, { target: 'y'.repeat(11) }), /segment 2's target has 11 characters/],
    [document({ contextKey: 'k'.repeat(6) }), /segment 1's key has 6 characters.*limit of 5/],
    [document({ note: 'n'.repeat(9) }), /segment 1's note has 9 characters.*limit of 8/],
    [
      document({ note: 'n'.repeat(8) }, { note: 'n'.repeat(8) }, { note: 'n'.repeat(5) }),
      /the keys and notes of the document together has 21 characters.*limit of 20/,
    ],
  ])('refuses a document over a cap with 413 naming it (%#)', (doc, message) => {
    expect(check(doc)).toThrow(message);
    try {
      check(doc)();
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 413 });
      expect((error as Error).message).toMatch(/^f\.json: /);
    }
  });
});
