import type { MemoryCreateParameters } from '../../../shared/api/memories';

/** A typed language tag, checked: its canonical form split as the API takes it, or what is wrong. */
export type LanguageTagCheck =
  | { isValid: true; tag: string; language: string; locale?: string }
  | { isValid: false; problem: string };

// The API names a language by its ISO 639 code and keeps the rest of the tag as the locale.
const API_LANGUAGE = /^[a-z]{2,3}$/;

function canonical(text: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(text)[0];
  } catch {
    // RangeError: not a well-formed BCP 47 tag.
    return undefined;
  }
}

/**
 * Whether `text` is a BCP 47 language tag the server can take (`pt`, `pt-BR`, `ca-valencia`).
 * The well-formedness check is Intl's, not a pattern of our own.
 */
export function checkLanguageTag(text: string): LanguageTagCheck {
  const typed = text.trim();
  const tag = canonical(typed);
  if (!tag) {
    // The commonest slip: a POSIX locale such as en_US.
    const suggestion = typed.includes('_') ? canonical(typed.replaceAll('_', '-')) : undefined;
    return {
      isValid: false,
      problem: suggestion
        ? `“${typed}” is not a language tag; use ${suggestion}.`
        : `“${typed}” is not a language tag, such as pt or pt-BR.`,
    };
  }
  const [language = '', ...rest] = tag.split('-');
  if (!API_LANGUAGE.test(language)) {
    return {
      isValid: false,
      problem: `“${typed}” does not start with a two- or three-letter language code, such as pt.`,
    };
  }
  return rest.length > 0
    ? { isValid: true, tag, language, locale: rest.join('-') }
    : { isValid: true, tag, language };
}

/** What is wrong with a typed tag, in words; undefined when it is empty or fine. */
export function languageTagProblem(text: string): string | undefined {
  if (!text.trim()) return undefined;
  const check = checkLanguageTag(text);
  return check.isValid ? undefined : check.problem;
}

/**
 * A new memory's languages as the API takes them from two typed tags (`pt-BR` is `pt` with the
 * locale `BR`); undefined unless both are valid. Both new-memory dialogs send this.
 */
export function memoryLanguages(
  srclang: string,
  trglang: string,
): Omit<MemoryCreateParameters, 'name'> | undefined {
  const source = checkLanguageTag(srclang);
  const target = checkLanguageTag(trglang);
  if (!source.isValid || !target.isValid) return undefined;
  return {
    srclang: source.language,
    trglang: target.language,
    ...(source.locale ? { srclocale: source.locale } : {}),
    ...(target.locale ? { trglocale: target.locale } : {}),
  };
}
