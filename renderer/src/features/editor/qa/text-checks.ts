import type { QaLanguages, QaWarning } from './qa';

// Two or more plain spaces between words (a space run at either end is the space checks' job).
const DOUBLE_SPACE = /\S {2,}\S/;
const WORD = /\p{L}{2,}/gu;

const primary = (language: string) => language.toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * A target copied from its source where that matters: another language, and a source of two
 * words or more (a name, `OK` or a code often stays as it is).
 */
function isUntranslated(source: string, target: string, languages: QaLanguages): boolean {
  if (primary(languages.source) === primary(languages.target)) return false;
  const text = source.trim();
  if (text !== target.trim()) return false;
  return (text.match(WORD)?.length ?? 0) >= 2;
}

/** Checks of the text around the codes (the caller replaced each code by one character). */
export function textChecks(source: string, target: string, languages?: QaLanguages): QaWarning[] {
  const warnings: QaWarning[] = [];
  if (DOUBLE_SPACE.test(target) && !DOUBLE_SPACE.test(source)) {
    warnings.push({
      code: 'double-space',
      message: 'The translation has a double space between words; the source does not.',
    });
  }
  if (languages && isUntranslated(source, target, languages)) {
    warnings.push({
      code: 'same-as-source',
      message: 'The translation is the same as the source.',
    });
  }
  return warnings;
}
