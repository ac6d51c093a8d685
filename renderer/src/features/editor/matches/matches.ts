import type { Translation, TranslationList } from '../../../../../shared/api/translate';

/** TM matches (best first, as the server sends them), then MT: the order Ctrl+1..9 follow. */
export function orderedMatches(list: TranslationList | undefined): {
  tm: Translation[];
  mt: Translation[];
  all: Translation[];
} {
  const translations = list?.translation ?? [];
  const tm = translations.filter((item) => item.isTMMatch);
  const mt = translations.filter((item) => !item.isTMMatch);
  return { tm, mt, all: [...tm, ...mt] };
}

/** The match that fills an empty target by itself: an exact (100) or context (101) one. */
export function autoFillMatch(list: TranslationList | undefined): Translation | null {
  const best = orderedMatches(list).tm[0];
  return best && best.score >= 100 ? best : null;
}
