import { describe, expect, it } from 'vitest';
import { decodeAnswer } from './apertium-reformat';
import { encodeSegment, parseAnswer } from './apertium-stream';

describe('encodeSegment', () => {
  it('escapes the stream format specials and puts other whitespace in superblanks', () => {
    expect(encodeSegment('a\\b [c] ^d$ @e *f /g <h i { j } #k;\tl\n m  n').stream).toBe(
      'a\\\\b \\[c\\] \\^d\\$ \\@e \\*f \\/g \\<h i \\{ j \\} \\#k;[\t]l[\n] m[  ]n.',
    );
  });

  it('replaces codes by numbered superblanks and wraps paired text in word-bound blanks', () => {
    expect(encodeSegment('The <g id="1">big <x id="2"/> brown</g> {0} dog.').stream).toBe(
      'The [c0][[t:wb0]]big[[/]] [c1] [[t:wb0]]brown[[/]][c2] [c3] dog.',
    );
    expect(encodeSegment('<g id="1">a <g id="2">b c</g></g>').stream).toBe(
      '[c0][[t:wb0]]a[[/]] [c1][[t:wb1]]b c[[/]][c2][c3].',
    );
  });

  it('never lets a NUL, a tilde or marker-like text into the stream as such', () => {
    expect(encodeSegment('a\0b ~ [c0] [s1].').stream).toBe('a[c0]b [c1] \\[c0\\] \\[s1\\].');
    expect(decodeAnswer(encodeSegment('a\0b ~ [c0].'), 'A[c0]B [c1] \\[c0\\].')).toBe(
      'A\0B ~ [c0].',
    );
  });

  it('adds a period only where the segment does not end a sentence', () => {
    expect(encodeSegment('Hello').addedPeriod).toBe(true);
    expect(encodeSegment('Hello?').addedPeriod).toBe(false);
    expect(encodeSegment('Hello.<x/>').stream).toBe('Hello.[c0].');
  });

  it('keeps outer whitespace aside and skips segments without words', () => {
    expect(encodeSegment('  Hi there \n')).toMatchObject({ stream: 'Hi there.', lead: '  ' });
    for (const segment of ['', '   ', '<x id="1"/> {0}', ' ... ']) {
      const encoded = encodeSegment(segment);
      expect(encoded.split).toBeUndefined();
      expect(decodeAnswer(encoded, '')).toBe(segment);
    }
  });
});

describe('parseAnswer', () => {
  it('reads text, escapes, codes, blanks and word-bound blanks', () => {
    expect(parseAnswer('El [c0][[t:wb0; t:wb2]]gran\\$[[/]][\n]x')).toEqual([
      { kind: 'text', text: 'El ', marks: [] },
      { kind: 'code', code: 0 },
      { kind: 'text', text: 'gran$', marks: [0, 2] },
      { kind: 'blank', text: '\n' },
      { kind: 'text', text: 'x', marks: [] },
    ]);
  });
});

describe('decodeAnswer', () => {
  const decode = (segment: string, answer: string) => decodeAnswer(encodeSegment(segment), answer);

  it('moves a tag pair with its words (Apertium reorders words, not superblanks)', () => {
    expect(decode('The <g id="1">big</g> dog.', 'El [c0]perro[c1] [[t:wb0]]grande[[/]].')).toBe(
      'El perro <g id="1">grande</g>.',
    );
    // Nested pairs: the outer one spans its own words and the inner pair's.
    expect(
      decode(
        'The <g id="1">big <g id="2">brown</g></g> dog.',
        'El [c0]perro [c1][[t:wb1]]marrón[[/]][c2][c3] [[t:wb0]]grande[[/]].',
      ),
    ).toBe('El perro <g id="1"><g id="2">marrón</g> grande</g>.');
  });

  it('keeps the superblank positions when the words are gone or the hints would break nesting', () => {
    expect(decode('<g id="1">I</g> love you.', ' [c0][c1]  Te quiero.')).toBe(
      '<g id="1"></g> Te quiero.',
    );
    // Two sibling pairs whose words merged into one: overlapping spans cannot nest.
    expect(
      decode('<g id="1">a</g> <g id="2">b</g>.', '[c0][c1] [c2][[t:wb0; t:wb1]]ab[[/]][c3].'),
    ).toBe('<g id="1"></g> <g id="2">ab</g>.');
  });

  it('brings back every code exactly once and in source order, whatever the answer holds', () => {
    const segment = 'a <x id="1"/> b <x id="2"/> c';
    expect(decode(segment, 'A [c1] B [c0] C [c0].')).toBe('A <x id="1"/> B <x id="2"/> C');
    expect(decode(segment, 'A B C.')).toBe('A B C<x id="1"/><x id="2"/>');
  });

  it('tidies the spacing that dropped words and moved codes leave', () => {
    expect(decode('He <g id="1">did not</g> go.', ' [c0][[t:wb0]]No[[/]] fue[c1] .')).toBe(
      '<g id="1">No</g> fue.',
    );
    expect(
      decode(
        'The United States of <g id="1">America</g>.',
        "Els Estats Units [[t:wb0]]d'Amèrica[[/]] [c0][c1].",
      ),
    ).toBe('Els Estats Units <g id="1">d\'Amèrica</g>.');
    expect(decode('  It is  here \n', ' Es[  ]aquí  .')).toBe('  Es  aquí \n');
  });

  it('removes only the period it added', () => {
    expect(decode('Hello', 'Hola.')).toBe('Hola');
    expect(decode('Hello.', 'Hola.')).toBe('Hola.');
    expect(decode('Hello', 'Hola')).toBe('Hola');
  });
});
