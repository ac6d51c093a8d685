import { describe, expect, it } from 'vitest';
import { MAX_CODE } from '../../../shared/inline-codes';
import {
  escapeSegmentText,
  hasWordsOutsideTags,
  parseSegment,
  segmentToPlainText,
  unescapeSegmentText,
} from './inline-codes';

describe('canonical segment strings', () => {
  it('escapes only what could be read as a canonical code or as an escape', () => {
    expect(escapeSegmentText('a < b & c > d, 3<4, <?, <!-- x')).toBe(
      'a < b & c > d, 3<4, <?, <!-- x',
    );
    expect(escapeSegmentText('<b>bold</b> <x/> <g>')).toBe('<b>bold</b> <x/> <g>');
    expect(escapeSegmentText('Write <x id="1"/> or <g id="2">a</g>.')).toBe(
      'Write &lt;x id="1"/> or &lt;g id="2">a&lt;/g>.',
    );
    expect(escapeSegmentText('&lt; &amp; &gt; &nbsp;')).toBe('&amp;lt; &amp;amp; &gt; &nbsp;');
    expect(escapeSegmentText('{0} %s %1$s')).toBe('{0} %s %1$s');
  });

  it('round-trips any text', () => {
    const samples = ['&lt;b&gt;', '&amp;lt;', '&&lt;<<a', '<</g>', '&amp;amp;', 'x&', '<', '&lt'];
    samples.push('<ph id="1">&lt;</ph>', '<g id="&lt;">', '<<x id="1"/>/>', '<ph id="2"/></g>');
    // Escaping the inner code would leave a `<ph>` whose content holds no `<`: a canonical code.
    samples.push(
      '<ph id="1">a<x id="2"/>b</ph>',
      '<ph id="1"></g></ph>',
      '<ph id="1"><<x id="2"/></ph>',
      '<ph id="1"><ph id="2"><ph id="3"><x id="4"/></ph>',
    );
    const alphabet = [
      '<',
      '&',
      'lt;',
      'amp;',
      'g',
      '/',
      ' ',
      'a',
      '>',
      'x id="1"',
      '/>',
      'g id="2">',
    ];
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      let s = '';
      for (let j = 0; j < 8; j++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        s += alphabet[seed % alphabet.length];
      }
      samples.push(s);
    }
    for (const s of samples) {
      const escaped = escapeSegmentText(s);
      expect(unescapeSegmentText(escaped)).toBe(s);
      // Escaped text never parses as a code.
      expect(parseSegment(escaped)).toEqual(s === '' ? [] : [{ kind: 'text', text: s }]);
    }
  });

  it('parses codes, pairing </g> with its <g>', () => {
    expect(
      parseSegment(
        'A <g id="1">b <x id="2"/></g><bx id="3"/>c<ex id="3"/><ph id="4">&lt;br/&gt;</ph>',
      ),
    ).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'code', tag: 'g', role: 'open', id: '1', native: null },
      { kind: 'text', text: 'b ' },
      { kind: 'code', tag: 'x', role: 'standalone', id: '2', native: null },
      { kind: 'code', tag: 'g', role: 'close', id: '1', native: null },
      { kind: 'code', tag: 'bx', role: 'open', id: '3', native: null },
      { kind: 'text', text: 'c' },
      { kind: 'code', tag: 'ex', role: 'close', id: '3', native: null },
      { kind: 'code', tag: 'ph', role: 'standalone', id: '4', native: '<br/>' },
    ]);
  });

  it('reads anything else tag-shaped as text', () => {
    expect(parseSegment('<b>x</b></g><g> <x id="1">')).toEqual([
      { kind: 'text', text: '<b>x</b></g><g> <x id="1">' },
    ]);
  });

  it('escapes a <ph> that escaping its content would make canonical', () => {
    expect(escapeSegmentText('<ph id="1"><ph id="2"><x id="3"/></ph>')).toBe(
      '&lt;ph id="1">&lt;ph id="2">&lt;x id="3"/></ph>',
    );
  });

  it('finds canonical codes inside text that reads as another code', () => {
    // The shared scanner reads `<ph>…</ph>` as one code; it is not canonical, so the codes in it count.
    expect(
      parseSegment('<ph> <g id="1">x</g> </ph> <span title="<x id=\'1\'/>"><x id="2"/>'),
    ).toEqual([
      { kind: 'text', text: '<ph> ' },
      { kind: 'code', tag: 'g', role: 'open', id: '1', native: null },
      { kind: 'text', text: 'x' },
      { kind: 'code', tag: 'g', role: 'close', id: '1', native: null },
      { kind: 'text', text: ' </ph> <span title="<x id=\'1\'/>">' },
      { kind: 'code', tag: 'x', role: 'standalone', id: '2', native: null },
    ]);
  });

  it('reads a code as the shared scanner delimits it', () => {
    // A `<ph>` whose content is longer than the scanner's longest code is not one code there.
    const native = 'n'.repeat(MAX_CODE);
    expect(parseSegment(`<ph id="1">${native}</ph>`)).toEqual([
      { kind: 'text', text: `<ph id="1">${native}</ph>` },
    ]);
  });

  it('tells whether words are left outside the tags', () => {
    expect(hasWordsOutsideTags('<g id="1"> </g><x id="2"/> <b>.</b>')).toBe(false);
    expect(hasWordsOutsideTags('<ph id="1">&lt;b&gt;</ph> -')).toBe(false);
    expect(hasWordsOutsideTags('<g id="1">Go</g>')).toBe(true);
    // Not tags for the shared scanner, so text; a placeholder counts as a word.
    expect(hasWordsOutsideTags('<1> <?>')).toBe(true);
    expect(hasWordsOutsideTags('<x id="1"/>{0}')).toBe(true);
  });

  it('turns a segment into plain text for formats without markup', () => {
    expect(
      segmentToPlainText('Press <g id="1">Enter</g> <ph id="2">&lt;br/&gt;</ph> &lt;b> {0}'),
    ).toBe('Press Enter <br/> <b> {0}');
    expect(segmentToPlainText('No codes & no escapes')).toBe('No codes & no escapes');
  });
});
