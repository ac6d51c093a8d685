import type { KeyTable } from './key-table';
import { F_NON_ASCII, T_NUMBER, T_WORD, scanTokens, tokenKey, type TokenSink } from './tokenize';

/**
 * The words of a text as concordance compares them: the tokenizer's words and numbers (its
 * punctuation and inline codes are left out, so `hello, world` holds the phrase `hello world`),
 * each folded to lower case without accents (`Élan` and `elan` are one word) and with the
 * typographic apostrophe as the plain one.
 */
export function foldWord(key: string): string {
  return key
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2019\u02bc]/g, "'")
    .normalize('NFC');
}

/** A word of a text: its folded key and where it is (UTF-16 offsets). */
export interface TextWord {
  key: string;
  start: number;
  end: number;
}

class WordListSink implements TokenSink {
  words: TextWord[] = [];
  token(text: string, kind: number, start: number, end: number, _codeKind: number, flags: number) {
    if (kind !== T_WORD && kind !== T_NUMBER) return;
    const key = tokenKey(text, kind, start, end, flags);
    this.words.push({ key: flags & F_NON_ASCII ? foldWord(key) : key, start, end });
  }
}

/** The words of `text`, in order. */
export function textWords(text: string): TextWord[] {
  const sink = new WordListSink();
  scanTokens(text, sink);
  return sink.words;
}

/**
 * Interns the words of texts as ids in a reusable buffer, without a string for the common
 * (ASCII, already seen) word: the same keys as `textWords`.
 */
export class WordEncoder implements TokenSink {
  ids = new Int32Array(256);
  length = 0;
  private intern = true;

  constructor(private readonly keys: KeyTable) {}

  /** Encodes `text`; with `intern` false, a word never seen gets -1. */
  encode(text: string, intern: boolean): void {
    this.length = 0;
    this.intern = intern;
    scanTokens(text, this);
  }

  token(text: string, kind: number, start: number, end: number, _codeKind: number, flags: number) {
    if (kind !== T_WORD && kind !== T_NUMBER) return;
    if (this.length === this.ids.length) {
      const ids = new Int32Array(this.length * 2);
      ids.set(this.ids);
      this.ids = ids;
    }
    let id: number;
    if (flags & F_NON_ASCII) {
      const key = foldWord(tokenKey(text, kind, start, end, flags));
      id = this.keys.find(key);
      if (id < 0 && this.intern) id = this.keys.add(key);
    } else {
      id = this.keys.findRange(text, start, end, true);
      if (id < 0 && this.intern) id = this.keys.add(text.slice(start, end).toLowerCase());
    }
    this.ids[this.length++] = id;
  }
}
