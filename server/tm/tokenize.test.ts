import { describe, expect, it } from 'vitest';
import { readLohelpUnits } from './test-support';
import { tokenize } from './tokenize';

const HAN = /[\p{Script=Han}\p{Script=Hiragana}]/u;

const show = (text: string) =>
  tokenize(text).map((t) => (t.kind === 'code' ? `${t.codeKind}:${t.key}` : `${t.kind}:${t.key}`));

describe('tokenize', () => {
  it('splits words on Unicode word boundaries, case-folded', () => {
    expect(show("Don't drag-and-drop THE File's e.g. foo_bar")).toEqual([
      "word:don't",
      'word:drag',
      'punct:-',
      'word:and',
      'punct:-',
      'word:drop',
      'word:the',
      "word:file's",
      'word:e.g',
      'punct:.',
      'word:foo_bar',
    ]);
  });

  it('keeps numbers whole, with inner separators; digits after letters make a word', () => {
    expect(show('Pages 1,000.5 and 1.5.2, 3rd A4 -7')).toEqual([
      'word:pages',
      'number:1,000.5',
      'word:and',
      'number:1.5.2',
      'punct:,',
      'word:3rd',
      'word:a4',
      'punct:-',
      'number:7',
    ]);
  });

  it('makes each punctuation mark a token and skips spaces', () => {
    expect(show('Hello,  world!?\t(ok)')).toEqual([
      'word:hello',
      'punct:,',
      'word:world',
      'punct:!',
      'punct:?',
      'punct:(',
      'word:ok',
      'punct:)',
    ]);
  });

  it('normalizes with NFKC: full-width forms and ligatures equal their plain forms', () => {
    expect(show('ＡＢＣ１２３ ﬁle')).toEqual(show('abc123 file'));
    expect(show('Ｆｉｎｄ １２')).toEqual(['word:find', 'number:12']);
    // A precomposed and a decomposed é are the same word.
    expect(show('caf\u00e9')).toEqual(show('cafe\u0301'));
  });

  it('gives offsets into the text as given', () => {
    const text = 'Ｆｉｎｄ <b>it</b> now';
    expect(tokenize(text).map((t) => text.slice(t.start, t.end))).toEqual([
      'Ｆｉｎｄ',
      '<b>',
      'it',
      '</b>',
      'now',
    ]);
  });

  it('makes one code of each tag, keeping its text as written', () => {
    expect(show('<g id="1">Bold</g> <x id="2"/> <bx id="3"/><ex id="3"/> <br> <A1>')).toEqual([
      'open:<g id="1">',
      'word:bold',
      'close:</g>',
      'standalone:<x id="2"/>',
      'open:<bx id="3"/>',
      'close:<ex id="3"/>',
      'standalone:<br>',
      'open:<A1>',
    ]);
  });

  it('takes the content of ph, bpt, ept and it into the code', () => {
    expect(
      show('<ph x="1">&lt;br/&gt;</ph>a<bpt i="1">&lt;b&gt;</bpt>b<ept i="1">&lt;/b&gt;</ept>'),
    ).toEqual([
      'standalone:<ph x="1">&lt;br/&gt;</ph>',
      'word:a',
      'open:<bpt i="1">&lt;b&gt;</bpt>',
      'word:b',
      'close:<ept i="1">&lt;/b&gt;</ept>',
    ]);
    // Without its closing tag, the opening tag alone is the code.
    expect(show('<ph id="1"> text')).toEqual(['standalone:<ph id="1">', 'word:text']);
    // Attribute values may hold `>`.
    expect(show('<g title="a > b">x</g>')).toEqual([
      'open:<g title="a > b">',
      'word:x',
      'close:</g>',
    ]);
  });

  it('recognizes printf and brace placeholders', () => {
    expect(show('%s %d %1$s %-5.2f %ld %@ %(name)s {0} {name} {{user.name}}')).toEqual([
      'placeholder:%s',
      'placeholder:%d',
      'placeholder:%1$s',
      'placeholder:%-5.2f',
      'placeholder:%ld',
      'placeholder:%@',
      'placeholder:%(name)s',
      'placeholder:{0}',
      'placeholder:{name}',
      'placeholder:{{user.name}}',
    ]);
  });

  // `1;2` is one number: UAX #29 joins digits across `;` (MidNum), as it does across `,`.
  it('leaves what is not tag-shaped as text', () => {
    expect(show('a < b, <?>, 50% of %PRODUCTNAME, {1;2}, 100%.')).toEqual([
      'word:a',
      'punct:<',
      'word:b',
      'punct:,',
      'punct:<',
      'punct:?',
      'punct:>',
      'punct:,',
      'number:50',
      'punct:%',
      'word:of',
      'punct:%',
      'word:productname',
      'punct:,',
      'punct:{',
      'number:1;2',
      'punct:}',
      'punct:,',
      'number:100',
      'punct:%',
      'punct:.',
    ]);
  });

  it('gives one word per Han character and keeps other scripts whole', () => {
    expect(show('日本語 テキスト Привет мир')).toEqual([
      'word:日',
      'word:本',
      'word:語',
      'word:テキスト',
      'word:привет',
      'word:мир',
    ]);
  });

  it('agrees with Intl.Segmenter on the words of the real corpus', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
    let compared = 0;
    for (const { source } of readLohelpUnits()) {
      const tokens = tokenize(source);
      // Where we differ on purpose: codes, connector-only runs (`__`), Han (a word per character).
      const isDifferent =
        tokens.some((t) => t.kind === 'code') || source.includes('_') || HAN.test(source);
      if (isDifferent) continue;
      const ours = tokens
        .filter((t) => t.kind === 'word' || t.kind === 'number')
        .map((t) => source.slice(t.start, t.end));
      const icu = [...segmenter.segment(source)].filter((s) => s.isWordLike).map((s) => s.segment);
      expect(ours, source).toEqual(icu);
      compared++;
    }
    expect(compared).toBeGreaterThan(30_000);
  });
});
