import { describe, expect, it } from 'vitest';
import { addedText, matchInfo, sortByName } from './tm-format';

describe('match metadata', () => {
  it('reads what is there and nothing else', () => {
    expect(
      matchInfo({
        metadata: { segment_id: 12, origin: 'help.tmx', updated_at: 1_700_000_000, key: null },
      }),
    ).toEqual({ segmentId: 12, origin: 'help.tmx', changedAt: 1_700_000_000, key: null });
    expect(matchInfo({ metadata: { segment_id: '7', created_at: 5, origin: '' } })).toEqual({
      segmentId: 7,
      origin: null,
      changedAt: 5,
      key: null,
    });
  });
});

describe('import results', () => {
  it('says what was added', () => {
    expect(addedText(10, 0)).toBe('Added 10 units.');
    expect(addedText(1, 2)).toBe('Added 1 unit and 2 terms.');
    expect(addedText(0, 0)).toMatch(/^Nothing new was added/);
  });
});

describe('memory order', () => {
  it('sorts by name whatever the case, then by age', () => {
    const sorted = sortByName([
      { id: 3, name: 'beta' },
      { id: 2, name: 'Alpha' },
      { id: 1, name: 'alpha' },
    ]);
    expect(sorted.map((memory) => memory.id)).toEqual([1, 2, 3]);
  });
});
