import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentToPlainText } from './inline-codes';
import { protectPlaceholders } from './placeholders';

describe('protectPlaceholders', () => {
  it('makes ICU plural and select syntax codes, leaving the case texts to translate', () => {
    expect(
      protectPlaceholders('You have {count, plural, one {# file} other {# files}} left.'),
    ).toBe(
      'You have <ph id="1">{count, plural, one {</ph><ph id="2">#</ph> file' +
        '<ph id="3">} other {</ph><ph id="4">#</ph> files<ph id="5">}}</ph> left.',
    );
    expect(protectPlaceholders('{g, select, female {She} other {They}} paid')).toBe(
      '<ph id="1">{g, select, female {</ph>She<ph id="2">} other {</ph>They<ph id="3">}}</ph> paid',
    );
    // Nested: a select inside a plural case.
    const nested = '{n, plural, one {{g, select, male {his} other {their}} file} other {# files}}';
    expect(protectPlaceholders(nested)).toBe(
      '<ph id="1">{n, plural, one {</ph><ph id="2">{g, select, male {</ph>his' +
        '<ph id="3">} other {</ph>their<ph id="4">}}</ph> file<ph id="5">} other {</ph>' +
        '<ph id="6">#</ph> files<ph id="7">}}</ph>',
    );
  });

  it('leaves simple placeholders as written (codes by shape for TM and MT) and 50% as text', () => {
    for (const s of ['Hello {name}', '%1$s of %2$d', 'Saved %@', '50% off', 'Hi %{user}, {{x}}']) {
      expect(protectPlaceholders(s)).toBe(s);
    }
    expect(protectPlaceholders('a <x id="1"/> b')).toBe('a &lt;x id="1"/> b');
  });

  it('always gives the text back: segmentToPlainText(protectPlaceholders(s)) === s', () => {
    const icu = fc
      .tuple(fc.string(), fc.constantFrom('plural', 'select'), fc.string(), fc.string())
      .map(([a, kind, one, other]) => `${a}{n, ${kind}, one {${one}} other {${other}}}`);
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), icu),
        (s) => segmentToPlainText(protectPlaceholders(s)) === s,
      ),
      { numRuns: 2000 },
    );
  });
});
