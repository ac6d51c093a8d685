import { describe, expect, it } from 'vitest';
import { compileSearch, matchesText, searchHits, searchTexts, type SearchOptions } from './search';
import { testSegment } from './test-segments';

const PLAIN: SearchOptions = {
  query: '',
  isCaseSensitive: false,
  isWholeWord: false,
  isRegex: false,
  scope: 'both',
};

/** Whether `source` (with target `target`) matches the search. */
function matches(options: Partial<SearchOptions>, source: string, target = ''): boolean {
  const search = compileSearch({ ...PLAIN, ...options });
  if (search.kind !== 'ok') throw new Error(search.kind);
  const [text] = searchTexts([testSegment({ source, target })]);
  return matchesText(text!, search.test, options.scope ?? 'both');
}

describe('search', () => {
  it('finds plain text in any case, or in the case typed', () => {
    expect(matches({ query: 'RENT' }, 'Pay the rent.')).toBe(true);
    expect(matches({ query: 'RENT', isCaseSensitive: true }, 'Pay the rent.')).toBe(false);
    expect(matches({ query: 'rent', isCaseSensitive: true }, 'Pay the rent.')).toBe(true);
    // Characters that mean something in a regex are plain text here.
    expect(matches({ query: '(3.5)' }, 'Rooms (3.5) in all')).toBe(true);
    expect(matches({ query: '(3.5)' }, 'Rooms (345) in all')).toBe(false);
  });

  it('finds whole words only, in any script', () => {
    expect(matches({ query: 'rent', isWholeWord: true }, 'Pay the rent.')).toBe(true);
    expect(matches({ query: 'rent', isWholeWord: true }, 'The rental car')).toBe(false);
    expect(matches({ query: 'rent', isWholeWord: true }, 'parent')).toBe(false);
    expect(matches({ query: 'año', isWholeWord: true }, 'cada año.')).toBe(true);
    expect(matches({ query: 'añ', isWholeWord: true }, 'cada año.')).toBe(false);
    expect(matches({ query: 'Rent', isWholeWord: true, isCaseSensitive: true }, 'rent')).toBe(
      false,
    );
  });

  it('finds a regular expression, alone or as a whole word', () => {
    expect(matches({ query: '\\d+ bed', isRegex: true }, 'The flat has 3 bedrooms.')).toBe(true);
    expect(
      matches({ query: '\\d+ bed', isRegex: true, isWholeWord: true }, 'It has 3 bedrooms.'),
    ).toBe(false);
    expect(matches({ query: 'fifth|first', isRegex: true, isWholeWord: true }, 'the first')).toBe(
      true,
    );
    expect(matches({ query: '^the', isRegex: true, isCaseSensitive: true }, 'The end')).toBe(false);
    // Valid only without the Unicode flag: still accepted.
    expect(matches({ query: 'a\\-b', isRegex: true }, 'a-b')).toBe(true);
  });

  it('says in words that a regular expression is invalid, instead of throwing', () => {
    const search = compileSearch({ ...PLAIN, query: '(rent', isRegex: true });
    expect(search.kind).toBe('invalid');
    if (search.kind === 'invalid') {
      expect(search.message).toMatch(/^This is not a valid regular expression \(.+\)\.$/);
    }
    expect(compileSearch({ ...PLAIN, query: '' }).kind).toBe('none');
  });

  it('looks in the source, the target or both', () => {
    expect(matches({ query: 'hola', scope: 'source' }, 'hello', 'hola')).toBe(false);
    expect(matches({ query: 'hola', scope: 'target' }, 'hello', 'hola')).toBe(true);
    expect(matches({ query: 'hola', scope: 'both' }, 'hello', 'hola')).toBe(true);
  });

  it('gives where the hits are, without empty ones', () => {
    const search = compileSearch({ ...PLAIN, query: 'the', isWholeWord: true });
    if (search.kind !== 'ok') throw new Error(search.kind);
    expect(searchHits('The other, the end', search.pattern)).toEqual([
      [0, 3],
      [11, 14],
    ]);
    const empty = compileSearch({ ...PLAIN, query: 'x*', isRegex: true });
    if (empty.kind !== 'ok') throw new Error(empty.kind);
    expect(searchHits('ab', empty.pattern)).toEqual([]);
  });

  it('lowercases a segment once, even across new lists', () => {
    const segment = testSegment({ source: 'ABC' });
    const [first] = searchTexts([segment]);
    const [again] = searchTexts([testSegment(), segment].slice(1));
    expect(again).toBe(first);
    expect(first?.sourceLower).toBe('abc');
  });
});
