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

  it('handles selectordinal, offsets, exact cases, quoted braces and unparsable ICU', () => {
    expect(protectPlaceholders('{n, selectordinal, one {#st} other {#th}}')).toBe(
      '<ph id="1">{n, selectordinal, one {</ph><ph id="2">#</ph>st<ph id="3">} other {</ph>' +
        '<ph id="4">#</ph>th<ph id="5">}}</ph>',
    );
    expect(protectPlaceholders('{n, plural, offset:1 =0 {nobody} other {you and # more}}')).toBe(
      '<ph id="1">{n, plural, offset:1 =0 {</ph>nobody<ph id="2">} other {</ph>you and ' +
        '<ph id="3">#</ph> more<ph id="4">}}</ph>',
    );
    // A quoted brace is case text; a simple argument inside a case stays as written.
    expect(protectPlaceholders("{n, plural, one {'{'#'}'} other {{name}: #}}")).toBe(
      '<ph id="1">{n, plural, one {</ph>\'{\'<ph id="2">#</ph>\'}\'<ph id="3">} other {</ph>' +
        '{name}: <ph id="4">#</ph><ph id="5">}}</ph>',
    );
    // Not ICU (unbalanced): text, untouched.
    expect(protectPlaceholders('{n, plural, one {a}')).toBe('{n, plural, one {a}');
    expect(protectPlaceholders('Only # and {n, number}')).toBe('Only # and {n, number}');
  });

  it('leaves simple placeholders as written (codes by shape for TM and MT) and 50% as text', () => {
    const simple = ['Hello {name}', '{0} of {1}', '%1$s of %2$d', 'Saved %@', '50% off'];
    for (const s of [...simple, 'Hi %{user}, {{x}}', '${x} %(name)s %% %s %d']) {
      expect(protectPlaceholders(s)).toBe(s);
    }
    expect(protectPlaceholders('a <x id="1"/> b')).toBe('a &lt;x id="1"/> b');
  });

  it('always gives the text back: segmentToPlainText(protectPlaceholders(s)) === s', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom('{name}', '%1$s', '%@', '%%', '#', '<x id="1"/>', '&lt;', "'{'", '</ph>'),
    );
    const text = fc.array(piece, { maxLength: 4 }).map((p) => p.join(''));
    const icu = fc
      .tuple(text, fc.constantFrom('plural', 'select', 'selectordinal'), text, text)
      .map(([a, kind, one, other]) => `${a}{n, ${kind}, one {${one}} other {${other}}}`);
    fc.assert(
      fc.property(fc.oneof(text, icu), (s) => segmentToPlainText(protectPlaceholders(s)) === s),
      { numRuns: 2000 },
    );
  });
});
