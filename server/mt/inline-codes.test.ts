import { describe, expect, it } from 'vitest';
import { splitInlineCodes } from './inline-codes';

const codesOf = (segment: string) =>
  splitInlineCodes(segment).codes.map(({ text, role }) => `${role}:${text}`);

describe('splitInlineCodes', () => {
  it('finds every kind of code and keeps the text between them', () => {
    const segment =
      'A <g id="1">b</g> <x id="2"/> <ph id="3">&lt;br/&gt;</ph> {0} %s %1$s {{n}} ${v} %(n)d &amp; ~ c';
    const { parts, codes } = splitInlineCodes(segment);
    expect(codes.map((code) => code.text)).toEqual([
      '<g id="1">',
      '</g>',
      '<x id="2"/>',
      '<ph id="3">&lt;br/&gt;</ph>',
      '{0}',
      '%s',
      '%1$s',
      '{{n}}',
      '${v}',
      '%(n)d',
      '&amp;',
      '~',
    ]);
    const rebuilt = parts
      .map((part) => (part.kind === 'text' ? part.text : codes[part.code]!.text))
      .join('');
    expect(rebuilt).toBe(segment);
  });

  it('leaves percentages, lone brackets and comparisons as text', () => {
    expect(codesOf('50% of 3 < 4 and a {b c} d')).toEqual([]);
  });

  it('pairs tags by name and bpt/ept by rid, i or id, nested inside out', () => {
    const { codes, pairs } = splitInlineCodes(
      '<g id="1">a <g id="2">b</g></g> <bpt id="5" rid="9">[</bpt>c<ept id="6" rid="9">]</ept>',
    );
    expect(codes.map((code) => code.role)).toEqual([
      'open',
      'open',
      'close',
      'close',
      'open',
      'close',
    ]);
    expect(pairs).toEqual([
      { open: 0, close: 3, parent: -1 },
      { open: 1, close: 2, parent: 0 },
      { open: 4, close: 5, parent: -1 },
    ]);
    expect(codes[1]!.pair).toBe(1);
    expect(splitInlineCodes('<bpt i="1">{</bpt>x<ept i="1">}</ept>').pairs).toHaveLength(1);
  });

  it('turns unmatched and overlapping codes into standalone ones, so pairs always nest', () => {
    expect(codesOf('</g>a<g id="1">b')).toEqual(['standalone:</g>', 'standalone:<g id="1">']);
    const overlapping = splitInlineCodes(
      '<bpt id="1">a</bpt>x<bpt id="2">b</bpt>y<ept id="1">c</ept>z<ept id="2">d</ept>',
    );
    expect(overlapping.codes.map((code) => code.role)).toEqual([
      'open',
      'standalone',
      'close',
      'standalone',
    ]);
    expect(overlapping.pairs).toEqual([{ open: 0, close: 2, parent: -1 }]);
  });

  it('adds entities, NUL and ~ to the shared codes, but never inside one', () => {
    expect(codesOf('a %success <ph>&amp;~</ph> &amp; b~\0')).toEqual([
      'standalone:<ph>&amp;~</ph>',
      'standalone:&amp;',
      'standalone:~',
      'standalone:\0',
    ]);
  });

  it('pairs bx and ex by id, as halves of one pair', () => {
    expect(codesOf('<bx id="1"/>a<ex id="1"/> <bx id="2"/>')).toEqual([
      'open:<bx id="1"/>',
      'close:<ex id="1"/>',
      'standalone:<bx id="2"/>',
    ]);
  });
});
