import { describe, expect, it } from 'vitest';
import type { Segment } from '../../../../../shared/api/segments';
import { indexIgnores } from '../qa/ignores';
import { findSegments, hasQaWarnings, type FindQuery } from './find-segments';
import { compileSearch, searchTexts } from './search';
import { testSegment } from './test-segments';

const EN_ES = { source: 'en', target: 'es' };
const NO_FACTS = { hasQaWarnings: () => false, hasComments: () => false };
const search = (query: string, isRegex = false) =>
  compileSearch({ query, isRegex, isCaseSensitive: false, isWholeWord: false, scope: 'both' });

const WORDS = ['rent', 'tenant', 'kitchen', 'window', 'month', 'deposit', 'flat', 'bedroom'];

/** `count` segments with varied text; every third one confirmed. */
function document(count: number): Segment[] {
  return Array.from({ length: count }, (_, index) =>
    testSegment({
      id: index + 1,
      index,
      source: `Segment ${index + 1}: the ${WORDS[index % WORDS.length]} is due on day ${index % 28}.`,
      target: index % 3 === 0 ? `El ${WORDS[(index + 1) % WORDS.length]} vence.` : '',
      is_confirmed: index % 3 === 0,
    }),
  );
}

describe('find segments', () => {
  it('filters nothing without a status or a search, nor with an invalid pattern', () => {
    const segments = document(4);
    const texts = searchTexts(segments);
    const query = (search: FindQuery['search']): FindQuery => ({
      status: 'all',
      search,
      scope: 'both',
    });
    expect(findSegments(segments, texts, query({ kind: 'none' }), NO_FACTS)).toBeNull();
    expect(findSegments(segments, texts, query(search('(', true)), NO_FACTS)).toBeNull();
  });

  it('keeps the segments that pass both the status and the search', () => {
    const segments = document(9);
    const found = findSegments(
      segments,
      searchTexts(segments),
      { status: 'confirmed', search: search('flat|month', true), scope: 'both' },
      NO_FACTS,
    );
    // Confirmed: 1, 4, 7; 4 has month in its target, 7 flat in its source, 1 neither.
    expect(found?.flatMap((is, index) => (is ? [index + 1] : []))).toEqual([4, 7]);
  });

  it('finds QA warnings of the session, or of the saved translation', () => {
    const clean = testSegment({ id: 1, source: 'Pay 3.', target: 'Paga 3.' });
    const missingNumber = testSegment({ id: 2, source: 'Pay 3.', target: 'Paga.' });
    expect(hasQaWarnings(clean, {}, EN_ES)).toBe(false);
    expect(hasQaWarnings(missingNumber, {}, EN_ES)).toBe(true);
    expect(hasQaWarnings(testSegment({ id: 3, source: 'Pay 3.' }), {}, EN_ES)).toBe(false);
    const warning = { code: 'ending' as const, message: 'x' };
    expect(hasQaWarnings(clean, { 1: [warning] }, EN_ES)).toBe(true);
  });

  it("finds the QA report's warnings: numbers in the document's languages, ignored ones left out", () => {
    const grouped = testSegment({ id: 1, source: 'Pay 1,000.', target: 'Paga 1.000.' });
    expect(hasQaWarnings(grouped, {}, EN_ES)).toBe(false);
    const missing = testSegment({ id: 2, source: 'Pay 1,000.', target: 'Paga.' });
    const ignore = (target: string) =>
      indexIgnores([
        {
          id: 1,
          document_id: 1,
          segment_id: 2,
          check: 'number-missing',
          target,
          user_name: 'A',
          created_at: 0,
        },
      ]);
    expect(hasQaWarnings(missing, {}, EN_ES, ignore('Paga.'))).toBe(false);
    // An ignore made on another target no longer applies.
    expect(hasQaWarnings(missing, {}, EN_ES, ignore('Paga ahora.'))).toBe(true);
  });

  // A benchmark-ish figure: printed, never asserted (the machine is shared).
  it('searches 10,000 segments: prints the time of each mode', () => {
    const segments = document(10_000);
    const started = performance.now();
    const texts = searchTexts(segments);
    const lowercased = performance.now() - started;
    const modes = {
      plain: compileSearch({
        query: 'KITCHEN',
        isRegex: false,
        isCaseSensitive: false,
        isWholeWord: false,
        scope: 'both',
      }),
      'case-sensitive': compileSearch({
        query: 'kitchen',
        isRegex: false,
        isCaseSensitive: true,
        isWholeWord: false,
        scope: 'both',
      }),
      'whole word': compileSearch({
        query: 'rent',
        isRegex: false,
        isCaseSensitive: false,
        isWholeWord: true,
        scope: 'both',
      }),
      regex: compileSearch({
        query: 'day 1\\d\\b',
        isRegex: true,
        isCaseSensitive: false,
        isWholeWord: false,
        scope: 'both',
      }),
    };
    const lines = [`lowercasing 10,000 segments once: ${lowercased.toFixed(1)} ms`];
    for (const [mode, compiled] of Object.entries(modes)) {
      const start = performance.now();
      let hits = 0;
      for (let run = 0; run < 10; run += 1) {
        const found = findSegments(
          segments,
          texts,
          { status: 'all', search: compiled, scope: 'both' },
          NO_FACTS,
        );
        hits = found?.filter(Boolean).length ?? 0;
      }
      lines.push(
        `${mode}: ${((performance.now() - start) / 10).toFixed(2)} ms per search, ${hits} hits`,
      );
    }
    const qaStart = performance.now();
    const qa = findSegments(
      segments,
      texts,
      { status: 'qa', search: { kind: 'none' }, scope: 'both' },
      {
        hasQaWarnings: (segment) => hasQaWarnings(segment, {}, EN_ES),
        hasComments: () => false,
      },
    );
    lines.push(
      `QA filter, first run (checks every translation): ${(performance.now() - qaStart).toFixed(1)} ms, ${qa?.filter(Boolean).length} hits`,
    );
    console.log(lines.join('\n'));
    expect(texts).toHaveLength(10_000);
  });
});
