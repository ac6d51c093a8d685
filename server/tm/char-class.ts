/**
 * Character classes for the tokenizer, after the word-boundary rules of Unicode UAX #29:
 * letters and digits join into words, `MidLetter` marks (`'`, `’`, `.`, `:`, `·`) join two
 * letters, `MidNum` marks (`,`, `;`, `.`, `'`) join two digits, connectors (`_`) join anything.
 * Han and Hiragana are one word per character (UAX #29 leaves them to a dictionary we do not ship).
 *
 * Classes of BMP characters are kept in a table filled lazily (the regular expressions run once
 * per distinct character, never per token); other planes go through a small map.
 */
export const C_PUNCT = 0;
export const C_SPACE = 1;
export const C_LETTER = 2;
export const C_DIGIT = 3;
/** Combining marks and format characters: they stay with the character before them. */
export const C_EXTEND = 4;
export const C_MID_LETTER = 5;
export const C_MID_NUM_LET = 6;
export const C_MID_NUM = 7;
export const C_CONNECTOR = 8;
/** One word per character. */
export const C_IDEO = 9;

const UNKNOWN = 255;
const table = new Uint8Array(0x10000).fill(UNKNOWN);
const astral = new Map<number, number>();

const MID_LETTER = [0x3a, 0xb7, 0x387, 0x5f4, 0x2027, 0xfe13, 0xfe55, 0xff1a];
const MID_NUM_LET = [0x2e, 0x27, 0x2018, 0x2019, 0x2024, 0xfe52, 0xff07, 0xff0e];
const MID_NUM = [
  0x2c, 0x3b, 0x37e, 0x589, 0x60c, 0x60d, 0x66c, 0x7f8, 0x2044, 0xfe10, 0xfe14, 0xfe50, 0xfe54,
  0xff0c, 0xff1b,
];
// Zero-width space and the byte-order mark separate words although they are format characters.
const SPACE_FORMAT = [0x200b, 0xfeff];

const RE_SPACE = /^[\p{White_Space}\p{Cc}]$/u;
const RE_IDEO = /^[\p{Ideographic}\p{Script=Hiragana}]$/u;
const RE_LETTER = /^[\p{L}\p{Nl}]$/u;
const RE_DIGIT = /^\p{Nd}$/u;
const RE_EXTEND = /^[\p{M}\p{Cf}]$/u;
const RE_CONNECTOR = /^\p{Pc}$/u;

function classify(cp: number): number {
  if (MID_LETTER.includes(cp)) return C_MID_LETTER;
  if (MID_NUM_LET.includes(cp)) return C_MID_NUM_LET;
  if (MID_NUM.includes(cp)) return C_MID_NUM;
  if (SPACE_FORMAT.includes(cp)) return C_SPACE;
  const ch = String.fromCodePoint(cp);
  if (RE_SPACE.test(ch)) return C_SPACE;
  if (RE_IDEO.test(ch)) return C_IDEO;
  if (RE_LETTER.test(ch)) return C_LETTER;
  if (RE_DIGIT.test(ch)) return C_DIGIT;
  if (RE_EXTEND.test(ch)) return C_EXTEND;
  if (RE_CONNECTOR.test(ch)) return C_CONNECTOR;
  return C_PUNCT;
}

for (let cp = 0; cp < 0x80; cp++) table[cp] = classify(cp);

/** The class of a code point. */
export function charClass(cp: number): number {
  if (cp < 0x10000) {
    const c = table[cp]!;
    if (c !== UNKNOWN) return c;
    const computed = classify(cp);
    table[cp] = computed;
    return computed;
  }
  let c = astral.get(cp);
  if (c === undefined) {
    c = classify(cp);
    astral.set(cp, c);
  }
  return c;
}
