import { describe, expect, it } from 'vitest';
import { diffWords, hasChanges, tokenize, type DiffPart } from './word-diff';

const spell = (parts: DiffPart[], skip: DiffPart['op']) =>
  parts
    .filter((part) => part.op !== skip)
    .map((part) => part.text)
    .join('');
const words = (text: string) => tokenize(text).map((token) => token.core);

describe('tokenize', () => {
  it('keeps words, numbers, punctuation, tags and placeholders as tokens', () => {
    expect(words('Press <g id="1">Enter</g> to find {0} matches, 2.5%s.')).toEqual([
      'Press',
      '<g id="1">',
      'Enter',
      '</g>',
      'to',
      'find',
      '{0}',
      'matches',
      ',',
      '2',
      '.',
      '5',
      '%s',
      '.',
    ]);
    expect(words("l’élément d'origine: ¿Qué?")).toEqual([
      'l’élément',
      "d'origine",
      ':',
      '¿',
      'Qué',
      '?',
    ]);
  });

  it('reads codes as the shared scanner does, whole', () => {
    expect(words('Use ${name}, %% and <b title="a > b">it</b> (50% of {count, number})')).toEqual([
      'Use',
      '${name}',
      ',',
      '%%',
      'and',
      '<b title="a > b">',
      'it',
      '</b>',
      '(',
      '50',
      '%',
      'of',
      '{count, number}',
      ')',
    ]);
  });

  it('loses no character of the text', () => {
    const text = '  Two  spaces,\ta tab <x/>and a trailing newline\n';
    expect(
      tokenize(text)
        .map((token) => token.text)
        .join(''),
    ).toBe(text);
  });
});

describe('diffWords', () => {
  it('finds nothing to change in the same sentence', () => {
    const text = 'Moves the cursor and selects the next match of the search text.';
    expect(diffWords(text, text)).toEqual([{ op: 'equal', text }]);
    expect(hasChanges(diffWords(text, text))).toBe(false);
    expect(diffWords('', '')).toEqual([]);
  });

  it('shows a replaced word as deleted from the match and inserted from the query', () => {
    const parts = diffWords(
      'Moves the cursor and selects the previous match of the search text.',
      'Moves the cursor and selects the next match of the search text.',
    );
    expect(parts).toEqual([
      { op: 'equal', text: 'Moves the cursor and selects the' },
      { op: 'delete', text: ' previous' },
      { op: 'insert', text: ' next' },
      { op: 'equal', text: ' match of the search text.' },
    ]);
    expect(hasChanges(parts)).toBe(true);
  });

  it('shows words only in the query as inserted and words only in the match as deleted', () => {
    expect(
      diffWords(
        'Highlights all matches in the document.',
        'Highlights matches in the document now.',
      ),
    ).toEqual([
      { op: 'equal', text: 'Highlights' },
      { op: 'delete', text: ' all' },
      { op: 'equal', text: ' matches in the document' },
      { op: 'insert', text: ' now' },
      { op: 'equal', text: '.' },
    ]);
    expect(diffWords('', 'Find Next')).toEqual([{ op: 'insert', text: 'Find Next' }]);
    expect(diffWords('Find Next', '')).toEqual([{ op: 'delete', text: 'Find Next' }]);
  });

  it('treats a changed case, number or tag as a change', () => {
    expect(diffWords('Find all', 'find all')).toEqual([
      { op: 'delete', text: 'Find' },
      { op: 'insert', text: 'find' },
      { op: 'equal', text: ' all' },
    ]);
    expect(diffWords('Size 1 to Size 7', 'Size 1 to Size 9')).toEqual([
      { op: 'equal', text: 'Size 1 to Size' },
      { op: 'delete', text: ' 7' },
      { op: 'insert', text: ' 9' },
    ]);
    expect(diffWords('Click <b>OK</b> now', 'Click <i>OK</i> now')).toEqual([
      { op: 'equal', text: 'Click' },
      { op: 'delete', text: ' <b>' },
      { op: 'insert', text: ' <i>' },
      { op: 'equal', text: 'OK' },
      { op: 'delete', text: '</b>' },
      { op: 'insert', text: '</i>' },
      { op: 'equal', text: ' now' },
    ]);
  });

  it('ignores differences in whitespace alone', () => {
    expect(hasChanges(diffWords('Find  the\ttext', 'Find the text'))).toBe(false);
  });

  it('spells the match with its equal and deleted parts, and the query with its inserted ones', () => {
    const pairs = [
      [
        'Opens the Fontwork Gallery where you can select another preview.',
        'Opens the gallery, where you can choose another preview quickly.',
      ],
      ['The Find toolbar can be used to quickly search.', 'Use the Find toolbar to search.'],
      ['a b c d e f', 'f e d c b a'],
    ] as const;
    for (const [match, query] of pairs) {
      const parts = diffWords(match, query);
      expect(spell(parts, 'insert')).toBe(match);
      expect(words(spell(parts, 'delete'))).toEqual(words(query));
    }
  });

  it('keeps the longest run in common', () => {
    const parts = diffWords('a b c d e f', 'f e d c b a');
    const kept = parts.filter((part) => part.op === 'equal').flatMap((part) => words(part.text));
    expect(kept).toHaveLength(1);
  });

  it('stays fast on long texts by showing a very long middle as replaced', () => {
    const long = (word: string) => Array.from({ length: 3000 }, (_, i) => `${word}${i}`).join(' ');
    const parts = diffWords(`Start ${long('x')} end.`, `Start ${long('y')} end.`);
    // The fast path, not a word-by-word diff of 3,000 words: one delete and one insert.
    expect(parts.map((part) => part.op)).toEqual(['equal', 'delete', 'insert', 'equal']);
  });
});
