/**
 * The tiny test model's SentencePiece-style vocabulary: special tokens, the 256 byte tokens that
 * let llama.cpp tokenize any text, letters, syllables and nonsense words. Every multi-letter piece
 * can be built by merging two shorter pieces, so prompts tokenize into words, not only bytes.
 */

/** llama.cpp token types (llama_token_type). */
const NORMAL = 1;
const UNKNOWN = 2;
const CONTROL = 3;
const BYTE = 6;
/** SentencePiece's word boundary mark, which stands for a space. */
const SPACE = '\u2581';
const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';
const WORD_COUNT = 200;

export interface TinyVocabulary {
  tokens: string[];
  scores: number[];
  types: number[];
  /** Whether the model may say the token (ordinary text, not special or byte tokens). */
  isWord: boolean[];
  unknown: number;
  begin: number;
  end: number;
}

export function tinyVocabulary(random: () => number): TinyVocabulary {
  const vocabulary: TinyVocabulary = {
    tokens: [],
    scores: [],
    types: [],
    isWord: [],
    unknown: 0,
    begin: 1,
    end: 2,
  };
  const add = (token: string, type: number, score: number) => {
    vocabulary.tokens.push(token);
    vocabulary.types.push(type);
    vocabulary.scores.push(score);
    vocabulary.isWord.push(type === NORMAL);
  };
  add('<unk>', UNKNOWN, 0);
  add('<s>', CONTROL, 0);
  add('</s>', CONTROL, 0);
  add('<|im_start|>', CONTROL, 0);
  add('<|im_end|>', CONTROL, 0);
  for (let byte = 0; byte < 256; byte++) {
    add(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, BYTE, 0);
  }
  // Longer pieces score higher, so SentencePiece merges prefer them.
  for (const piece of [SPACE, ...'abcdefghijklmnopqrstuvwxyz', '.', ',']) add(piece, NORMAL, -3);
  const syllables = [...CONSONANTS].flatMap((consonant) =>
    [...VOWELS].map((vowel) => consonant + vowel),
  );
  for (const syllable of syllables) add(syllable, NORMAL, -2);
  for (const syllable of syllables) add(SPACE + syllable, NORMAL, -2);
  const pick = () => syllables[Math.floor(random() * syllables.length)]!;
  const words = new Set<string>();
  while (words.size < WORD_COUNT) words.add(SPACE + pick() + pick());
  for (const word of words) add(word, NORMAL, -1);
  return vocabulary;
}
