import { describe, expect, it } from 'vitest';
import {
  escapeSegmentText,
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

  it('turns a segment into plain text for formats without markup', () => {
    expect(
      segmentToPlainText('Press <g id="1">Enter</g> <ph id="2">&lt;br/&gt;</ph> &lt;b> {0}'),
    ).toBe('Press Enter <br/> <b> {0}');
    expect(segmentToPlainText('No codes & no escapes')).toBe('No codes & no escapes');
  });
});
