import { KeyTable } from './key-table';
import {
  F_NON_ASCII,
  F_UPPER,
  T_CODE,
  T_NUMBER,
  T_WORD,
  scanTokens,
  tokenKey,
  type TokenSink,
} from './tokenize';

/**
 * Interned token ids. A CLASS id is what the edit distance compares (score.ts): every number is
 * NUMBER_CLASS, every code of a kind is CODE_CLASS + kind, each word or punctuation key has its own
 * id. A VALUE id tells numbers and codes apart for the penalty (a number's digits, a code's text).
 * Ids are never reused: a token whose units were all removed keeps its id.
 */
export const NUMBER_CLASS = 0;
export const CODE_CLASS = 1; // 1..4: open, close, standalone, placeholder
/** Query words the memory has never seen: no unit carries this id. */
export const UNKNOWN_CLASS = 5;
const FIRST_WORD_CLASS = 6;
/** Value id of a query number or code the memory has never seen: equal to no unit's value. */
export const UNKNOWN_VALUE = -2;

export class Vocabulary {
  private readonly classKeys = new KeyTable();
  private readonly valueKeys = new KeyTable();

  /** How many class ids exist (an exclusive upper bound of every id). */
  get classCount(): number {
    return FIRST_WORD_CLASS + this.classKeys.size;
  }

  /** The class id of a word or punctuation key; unseen keys get one when `intern`. */
  classId(key: string, intern: boolean): number {
    const index = this.classKeys.find(key);
    if (index >= 0) return FIRST_WORD_CLASS + index;
    return intern ? FIRST_WORD_CLASS + this.classKeys.add(key) : UNKNOWN_CLASS;
  }

  /** The same for an ASCII token read straight from the text (`fold`: lower-case it). */
  classIdOfRange(text: string, start: number, end: number, fold: boolean, intern: boolean) {
    const index = this.classKeys.findRange(text, start, end, fold);
    if (index >= 0) return FIRST_WORD_CLASS + index;
    if (!intern) return UNKNOWN_CLASS;
    const key = text.slice(start, end);
    return FIRST_WORD_CLASS + this.classKeys.add(fold ? key.toLowerCase() : key);
  }

  /** The value id of a number or code key (they never look alike: codes start with < % {). */
  valueId(key: string, intern: boolean): number {
    const index = this.valueKeys.find(key);
    if (index >= 0) return index;
    return intern ? this.valueKeys.add(key) : UNKNOWN_VALUE;
  }

  valueIdOfRange(text: string, start: number, end: number, intern: boolean): number {
    const index = this.valueKeys.findRange(text, start, end, false);
    if (index >= 0) return index;
    return intern ? this.valueKeys.add(text.slice(start, end)) : UNKNOWN_VALUE;
  }
}

/**
 * Turns a segment into class ids (and value ids) in reusable buffers: the tokenizer calls back
 * here, no token object is made. `values[i]` is -1 for words and punctuation.
 */
export class SegmentEncoder implements TokenSink {
  classes = new Int32Array(256);
  values = new Int32Array(256);
  length = 0;
  /** True when the segment holds a number or an inline code (penalties may apply). */
  hasVariable = false;
  private intern = true;

  constructor(private readonly vocab: Vocabulary) {}

  /** Encodes `text`; with `intern` false (queries), unseen tokens get the UNKNOWN ids. */
  encode(text: string, intern: boolean): void {
    this.length = 0;
    this.hasVariable = false;
    this.intern = intern;
    scanTokens(text, this);
  }

  token(text: string, kind: number, start: number, end: number, codeKind: number, flags: number) {
    if (this.length === this.classes.length) {
      const classes = new Int32Array(this.length * 2);
      classes.set(this.classes);
      this.classes = classes;
      const values = new Int32Array(this.length * 2);
      values.set(this.values);
      this.values = values;
    }
    const i = this.length++;
    // ASCII tokens are looked up in the text itself; others through their normalized key.
    const isAscii = (flags & F_NON_ASCII) === 0;
    if (kind === T_NUMBER || kind === T_CODE) {
      this.hasVariable = true;
      this.classes[i] = kind === T_NUMBER ? NUMBER_CLASS : CODE_CLASS + codeKind;
      this.values[i] = isAscii
        ? this.vocab.valueIdOfRange(text, start, end, this.intern)
        : this.vocab.valueId(tokenKey(text, kind, start, end, flags), this.intern);
    } else {
      const fold = kind === T_WORD && (flags & F_UPPER) !== 0;
      this.classes[i] = isAscii
        ? this.vocab.classIdOfRange(text, start, end, fold, this.intern)
        : this.vocab.classId(tokenKey(text, kind, start, end, flags), this.intern);
      this.values[i] = -1;
    }
  }
}
