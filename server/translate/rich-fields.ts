import type { Translation, TranslationList } from '../../shared/api/translate';
import { alignWords } from './align';
import { richTokens } from './rich-tokens';

/**
 * The `rich=true` fields: the source and every target cut into words and delimiters,
 * `targetWithTags` (targets already carry their inline codes), `provenance` (per target word:
 * the memory id for a TM match, 0 for MT) and, for MT items, an estimated `align`.
 */
export function addRichFields(answer: TranslationList, memoryId: number): TranslationList {
  const source = richTokens(answer.untokenizedSource);
  const translation = answer.translation.map((item): Translation => {
    const target = richTokens(item.target);
    const origin = item.isTMMatch ? memoryId : 0;
    return {
      ...item,
      targetWithTags: item.target,
      targetWords: target.words,
      targetDelimiters: target.delimiters,
      provenance: target.words.map(() => origin).join(' '),
      ...(item.isTMMatch ? {} : { align: alignWords(source.keys, target.keys) }),
    };
  });
  return {
    ...answer,
    tokenizedSource: source.words.join(' '),
    sourceDelimiters: source.delimiters,
    translation,
  };
}
