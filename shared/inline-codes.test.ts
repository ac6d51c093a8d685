import { describe, expect, it } from 'vitest';
import { findCodeSpans, MAX_CODE } from './inline-codes';
import { findEvidentCodes } from './inline-codes-evidence';
import { pairCodes } from './inline-codes-pairs';

const show = (text: string) =>
  findCodeSpans(text).map(({ start, end, kind }) => `${kind}:${text.slice(start, end)}`);

describe('findCodeSpans', () => {
  it('reads tags with their kind and name', () => {
    const text = '<g id="1">a</g> <x id="2"/> <bx id="3"/><ex id="3"/> <br> <IMG src=a> <A1> <b_c>';
    expect(show(text)).toEqual([
      'open:<g id="1">',
      'close:</g>',
      'standalone:<x id="2"/>',
      'open:<bx id="3"/>',
      'close:<ex id="3"/>',
      'standalone:<br>',
      'standalone:<IMG src=a>',
      'open:<A1>',
      'open:<b_c>',
    ]);
    expect(findCodeSpans('a <ns:tag x="1">').map((span) => span.name)).toEqual(['ns:tag']);
  });

  it('lets quoted attribute values hold `>`, but not `<`', () => {
    expect(show('<g title="a > b">x</g>')).toEqual(['open:<g title="a > b">', 'close:</g>']);
    expect(show('<g title=a < b>')).toEqual([]);
    expect(show("<a href='x>y'>")).toEqual(["open:<a href='x>y'>"]);
  });

  it('takes the content of ph, bpt, ept and it into the code', () => {
    expect(
      show('<ph x="1">&lt;br/&gt;</ph>a<bpt i="1">&lt;b&gt;</bpt>b<ept i="1">&lt;/b&gt;</ept >'),
    ).toEqual([
      'standalone:<ph x="1">&lt;br/&gt;</ph>',
      'open:<bpt i="1">&lt;b&gt;</bpt>',
      'close:<ept i="1">&lt;/b&gt;</ept >',
    ]);
    expect(show('<it pos="open">[b]</it>x<ph id="2"/>')).toEqual([
      'standalone:<it pos="open">[b]</it>',
      'standalone:<ph id="2"/>',
    ]);
  });

  it('makes an unclosed tag or wrapper no code, or only its opening tag', () => {
    expect(show('<g id="1" then text')).toEqual([]);
    expect(show('<ph id="1"> text')).toEqual(['standalone:<ph id="1">']);
    expect(show('</a/> <a')).toEqual([]);
  });

  it('leaves comparisons, percentages and loose braces as text', () => {
    expect(show('a < b, a<b, <?>, <3, 50% of, 100%. %PRODUCTNAME %success %für')).toEqual([]);
    expect(show('{ not a code } {1;2} {a b} { } {{ }} ${ } % {')).toEqual([]);
  });

  it('reads printf placeholders, positional ones and %%', () => {
    const text = '%s %d %1$s %2$-5.2f %ld %lld %hhx %@ %(name)s %r %% %*d %.3s %Lf %zu';
    expect(show(text)).toEqual(text.split(' ').map((code) => `placeholder:${code}`));
    expect(show('%d件 %sの')).toEqual(['placeholder:%d', 'placeholder:%s']);
    expect(show('%s, "%s" (%s)… %s”')).toHaveLength(4);
    expect(show('100%%s')).toEqual(['placeholder:%%']);
  });

  it('reads brace, template and Ruby placeholders', () => {
    const codes = ['{0}', '{name}', '{user.name}', '{}', '{{name}}', '{{ user.name }}', '${v}'];
    codes.push('${a.b}', '%{count}', '{0:.2f}');
    expect(show(codes.join(' '))).toEqual(codes.map((code) => `placeholder:${code}`));
  });

  it('reads an ICU argument with a format as one code, but not a plural', () => {
    expect(show('{count, number} {d, date, short} {n, number, ::percent}')).toEqual([
      'placeholder:{count, number}',
      'placeholder:{d, date, short}',
      'placeholder:{n, number, ::percent}',
    ]);
    // The case texts are to translate: only the inner `{n}`-like arguments would be codes.
    expect(show('{n, plural, one {# file} other {# files}}')).toEqual([]);
    expect(show('{n, plural, one {{n} file} other {{n} files}}')).toEqual([
      'placeholder:{n}',
      'placeholder:{n}',
    ]);
  });

  it('gives up on a tag longer than MAX_CODE and on a far closing wrapper', () => {
    const long = 'x'.repeat(MAX_CODE);
    expect(show(`<a title="${long}">`)).toEqual([]);
    expect(show(`<ph>${long}</ph>`)).toEqual(['standalone:<ph>', 'close:</ph>']);
    expect(show(`<ph>${'x'.repeat(100)}</ph>`)).toHaveLength(1);
  });

  it('stays linear on many unclosed tags and wrappers', () => {
    const text = '<ph>a '.repeat(20_000) + '<a b '.repeat(20_000);
    const spans = findCodeSpans(text);
    expect(spans).toHaveLength(20_000);
  });

  it('handles surrogate pairs and the end of the text', () => {
    expect(show('😀%s😀 %')).toEqual(['placeholder:%s']);
    expect(show('<')).toEqual([]);
    expect(show('%1$')).toEqual([]);
    expect(show('{a')).toEqual([]);
  });
});

describe('pairCodes', () => {
  it('pairs tags by name and native codes by their link, inner first', () => {
    const text =
      '<g id="1">a <g id="2">b</g></g> <bpt id="5" rid="9">[</bpt>c<ept id="6" rid="9">]</ept>';
    expect(pairCodes(text, findCodeSpans(text))).toEqual([3, 2, 1, 0, 5, 4]);
    const tmx = '<bx i="1"/>x<bpt i="2">{</bpt>y<ept i="2">}</ept><ex i="1"/>';
    expect(pairCodes(tmx, findCodeSpans(tmx))).toEqual([3, 2, 1, 0]);
  });

  it('leaves unmatched and overlapping codes unpaired, so pairs nest', () => {
    const text = '</g>a<g id="1">b {0}';
    expect(pairCodes(text, findCodeSpans(text))).toEqual([-1, -1, -1]);
    const overlap =
      '<bpt id="1">a</bpt>x<bpt id="2">b</bpt>y<ept id="1">c</ept>z<ept id="2">d</ept>';
    expect(pairCodes(overlap, findCodeSpans(overlap))).toEqual([2, -1, 0, -1]);
  });
});

describe('findEvidentCodes', () => {
  it('keeps a tag only with evidence that it is markup', () => {
    const text = 'Press <Enter> or <b>x</b> <g id="1"> <br> <br/> %s {0}';
    expect(findEvidentCodes(text).map(({ start, end }) => text.slice(start, end))).toEqual([
      '<b>',
      '</b>',
      '<g id="1">',
      '<br>',
      '<br/>',
      '%s',
      '{0}',
    ]);
  });
});
