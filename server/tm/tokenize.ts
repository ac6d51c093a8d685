import {
  C_CONNECTOR,
  C_DIGIT,
  C_EXTEND,
  C_IDEO,
  C_LETTER,
  C_MID_LETTER,
  C_MID_NUM,
  C_MID_NUM_LET,
  C_SPACE,
  charClass,
} from './char-class';
import { CODE_KINDS, codeMatch, matchCode } from '../../shared/inline-codes';
import type { TmToken, TmTokenKind } from './types';

/**
 * The tokenizer. Token boundaries are found on the text as given (offsets stay valid for a word
 * diff); each token's key is then NFKC-normalized, and words are lower-cased:
 * - inline codes (see shared/inline-codes.ts) are one token each, recognized first;
 * - words: letters, digits and connectors joined by the UAX #29 rules (`don't`, `e.g`, `3rd`,
 *   `foo_bar` are one word; `drag-and-drop` is five tokens);
 * - numbers: digits with inner separators (`1,000.5`, `1.5.2`), no letters;
 * - every other visible character is a punctuation token of its own; spaces and controls separate.
 * Case folding is `toLowerCase` (locale-independent). Han and Hiragana are one word per character.
 * Since boundaries come before normalization, a compatibility character that NFKC expands stays
 * one token (`…` is one token `...`, while three typed dots are three tokens).
 */
export const T_WORD = 0;
export const T_NUMBER = 1;
export const T_PUNCT = 2;
export const T_CODE = 3;
const KINDS: readonly TmTokenKind[] = ['word', 'number', 'punct', 'code'];

/** Token flags: a non-ASCII character, an ASCII capital. */
export const F_NON_ASCII = 1;
export const F_UPPER = 2;

/** Receives tokens without allocating objects for them (the index interns straight from here). */
export interface TokenSink {
  token(
    text: string,
    kind: number,
    start: number,
    end: number,
    codeKind: number,
    flags: number,
  ): void;
}

// The scanner's current code point and its width (module state: no tuple per character).
let cpWidth = 1;
function codePointAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) {
      cpWidth = 2;
      return ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
    }
  }
  cpWidth = 1;
  return c;
}

function flagsOf(cp: number): number {
  if (cp >= 0x80) return F_NON_ASCII;
  return cp >= 0x41 && cp <= 0x5a ? F_UPPER : 0;
}

/** Calls `sink.token` for every token of `text`, in order. */
export function scanTokens(text: string, sink: TokenSink): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    // `<`, `%`, `{` or `$`: where a code may start (shared/inline-codes.ts, isCodeStart).
    if (c === 0x3c || c === 0x25 || c === 0x7b || c === 0x24) {
      const end = matchCode(text, i);
      if (end > 0) {
        sink.token(text, T_CODE, i, end, codeMatch.kind, 0);
        i = end;
        continue;
      }
    }
    const start = i;
    const cp = codePointAt(text, i);
    const cls = charClass(cp);
    i += cpWidth;
    if (cls === C_SPACE || cls === C_EXTEND) continue;
    let flags = flagsOf(cp);
    if (cls === C_LETTER || cls === C_DIGIT || cls === C_CONNECTOR) {
      let hasLetter = cls === C_LETTER;
      let hasDigit = cls === C_DIGIT;
      let last = cls;
      while (i < n) {
        const cp2 = codePointAt(text, i);
        const w2 = cpWidth;
        const cls2 = charClass(cp2);
        if (cls2 === C_LETTER || cls2 === C_DIGIT || cls2 === C_CONNECTOR) {
          if (cls2 === C_LETTER) hasLetter = true;
          else if (cls2 === C_DIGIT) hasDigit = true;
          last = cls2;
        } else if (cls2 === C_EXTEND) {
          // A mark stays with its letter.
        } else if (cls2 === C_MID_LETTER || cls2 === C_MID_NUM_LET || cls2 === C_MID_NUM) {
          if (i + w2 >= n) break;
          const cp3 = codePointAt(text, i + w2);
          const cls3 = charClass(cp3);
          const joinsLetters = cls2 !== C_MID_NUM && last === C_LETTER && cls3 === C_LETTER;
          const joinsDigits = cls2 !== C_MID_LETTER && last === C_DIGIT && cls3 === C_DIGIT;
          if (!joinsLetters && !joinsDigits) break;
          flags |= flagsOf(cp2) | flagsOf(cp3);
          i += w2 + cpWidth;
          last = cls3;
          continue;
        } else {
          break;
        }
        flags |= flagsOf(cp2);
        i += w2;
      }
      const kind = hasLetter ? T_WORD : hasDigit ? T_NUMBER : T_PUNCT;
      sink.token(text, kind, start, i, 0, flags);
      continue;
    }
    // A punctuation mark or an ideograph: one character (with its marks) per token.
    while (i < n) {
      const cp2 = codePointAt(text, i);
      if (charClass(cp2) !== C_EXTEND) break;
      flags |= flagsOf(cp2);
      i += cpWidth;
    }
    sink.token(text, cls === C_IDEO ? T_WORD : T_PUNCT, start, i, 0, flags);
  }
}

/** The comparison key of a token (see `TmToken.key`). */
export function tokenKey(text: string, kind: number, start: number, end: number, flags: number) {
  const raw = text.slice(start, end);
  if (kind === T_CODE) return raw;
  if (flags & F_NON_ASCII) {
    const normalized = raw.normalize('NFKC');
    return kind === T_WORD ? normalized.toLowerCase() : normalized;
  }
  return flags & F_UPPER && kind === T_WORD ? raw.toLowerCase() : raw;
}

class ArraySink implements TokenSink {
  tokens: TmToken[] = [];
  token(text: string, kind: number, start: number, end: number, codeKind: number, flags: number) {
    const key = tokenKey(text, kind, start, end, flags);
    const token: TmToken = { kind: KINDS[kind]!, key, start, end };
    if (kind === T_CODE) token.codeKind = CODE_KINDS[codeKind];
    this.tokens.push(token);
  }
}

/** The tokens of a segment, in order (see the rules above). */
export function tokenize(text: string): TmToken[] {
  const sink = new ArraySink();
  scanTokens(text, sink);
  return sink.tokens;
}
