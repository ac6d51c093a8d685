import { describe, expect, it } from 'vitest';
import { countStates, passesStatus, segmentState } from './segment-filter';
import { testSegment } from './test-segments';

const facts = {
  hasQaWarnings: (segment: { id: number }) => segment.id === 2,
  hasComments: (segment: { id: number }) => segment.id === 3,
};

describe('segment states', () => {
  it('tells every segment one state, confirmed first, then by where its target came from', () => {
    expect(segmentState(testSegment())).toBe('new');
    expect(segmentState(testSegment({ target: '  ' }))).toBe('new');
    expect(segmentState(testSegment({ target: 'Hola', target_origin: 'user' }))).toBe('draft');
    expect(segmentState(testSegment({ target: 'Hola', target_origin: 'file' }))).toBe('draft');
    expect(segmentState(testSegment({ target: 'Hola', target_origin: 'mt' }))).toBe('mt');
    expect(segmentState(testSegment({ target: 'Hola', match_score: 85 }))).toBe('fuzzy');
    expect(segmentState(testSegment({ target: 'Hola', match_score: 100 }))).toBe('exact');
    expect(segmentState(testSegment({ target: 'Hola', match_score: 101 }))).toBe('exact');
    expect(segmentState(testSegment({ target: 'Hola', match_score: 85, is_confirmed: true }))).toBe(
      'confirmed',
    );
  });

  it('counts the states so that they add up to the document', () => {
    const counts = countStates([
      testSegment(),
      testSegment({ target: 'a', target_origin: 'mt' }),
      testSegment({ target: 'a', is_confirmed: true }),
      testSegment({ target: 'a', is_confirmed: true }),
    ]);
    expect(counts).toEqual({ new: 1, draft: 0, mt: 1, fuzzy: 0, exact: 0, confirmed: 2 });
  });

  it('filters by state, QA warnings and comments', () => {
    const mt = testSegment({ id: 1, target: 'a', target_origin: 'mt' });
    expect(passesStatus(mt, 'all', facts)).toBe(true);
    expect(passesStatus(mt, 'mt', facts)).toBe(true);
    expect(passesStatus(mt, 'draft', facts)).toBe(false);
    expect(passesStatus(mt, 'qa', facts)).toBe(false);
    expect(passesStatus(testSegment({ id: 2 }), 'qa', facts)).toBe(true);
    expect(passesStatus(testSegment({ id: 3 }), 'comments', facts)).toBe(true);
    const reviewed = testSegment({ target: 'a', is_confirmed: true, is_reviewed: true });
    expect(passesStatus(reviewed, 'unreviewed', facts)).toBe(false);
    expect(passesStatus(reviewed, 'confirmed', facts)).toBe(true);
    expect(passesStatus(mt, 'unreviewed', facts)).toBe(true);
  });
});
