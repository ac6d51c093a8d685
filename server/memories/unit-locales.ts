import type { LanguagePair } from '../formats/languages';
import type { TmxUnit } from '../formats/tmx-reader';
import type { StagedUnit, UnitLocales } from './staging';

/** A memory's languages with their optional locales (`en` + `US`). */
export interface MemoryTags extends LanguagePair {
  srclocale?: string | null;
  trglocale?: string | null;
}

/** `en` + `US` is `en-US`; without a locale, the language alone. */
export const languageTag = (lang: string, locale: string | null | undefined) =>
  locale ? `${lang}-${locale}` : lang;

/** The tags a TMX export writes for a unit that keeps none of its own. */
export function languageTags(memory: MemoryTags): UnitLocales {
  return {
    srclang: languageTag(memory.srclang, memory.srclocale),
    trglang: languageTag(memory.trglang, memory.trglocale),
  };
}

/**
 * A TMX unit to stage, with its `<tuv>`s' tags kept when they differ from the memory's own (an
 * `en-US`/`es-MX` file in an `en`/`es` memory): most files match, and those units store nothing.
 */
export function withLocales(unit: TmxUnit, memory: UnitLocales): StagedUnit {
  if (unit.srclang === memory.srclang && unit.trglang === memory.trglang) return unit;
  return { ...unit, locales: { srclang: unit.srclang, trglang: unit.trglang } };
}
