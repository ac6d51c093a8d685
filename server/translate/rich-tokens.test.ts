import { describe, expect, it } from 'vitest';
import { richTokens } from './rich-tokens';

const rebuild = ({ words, delimiters }: { words: string[]; delimiters: string[] }) =>
  words.reduce((text, word, i) => text + word + delimiters[i + 1], delimiters[0]!);

describe('richTokens', () => {
  it('cuts words and punctuation, with delimiters that rebuild the text exactly', () => {
    const text = '  Press Enter,  then  wait…\t';
    const tokens = richTokens(text);
    expect(tokens.words).toEqual(['Press', 'Enter', ',', 'then', 'wait', '…']);
    expect(tokens.delimiters).toEqual(['  ', ' ', '', '  ', '  ', '', '\t']);
    expect(rebuild(tokens)).toBe(text);
  });

  it('keeps every inline code as one word', () => {
    const text = 'Click <g id="1">Save</g><x id="2"/> to keep {0} of %s files.';
    const tokens = richTokens(text);
    expect(tokens.words).toEqual([
      'Click',
      '<g id="1">',
      'Save',
      '</g>',
      '<x id="2"/>',
      'to',
      'keep',
      '{0}',
      'of',
      '%s',
      'files',
      '.',
    ]);
    expect(tokens.delimiters).toHaveLength(tokens.words.length + 1);
    expect(rebuild(tokens)).toBe(text);
  });

  it('gives one empty delimiter for an empty text and lower-cased keys', () => {
    expect(richTokens('')).toEqual({ words: [], delimiters: [''], keys: [] });
    expect(richTokens('Ünïcode ÉTÉ').keys).toEqual(['ünïcode', 'été']);
    const astral = 'a 😀 b';
    expect(rebuild(richTokens(astral))).toBe(astral);
  });
});
