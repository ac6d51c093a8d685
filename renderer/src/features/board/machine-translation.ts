import type { LanguagesResponse } from '../../../../shared/api/languages';
import { languageName } from '../../components/file-format';

/** Whether the server's machine translation serves `source` -> `target` (language codes). */
export function hasMachineTranslation(
  languages: LanguagesResponse,
  source: string,
  target: string,
): boolean {
  return languages.source_to_target[source]?.[target] === true;
}

/** The server's name for a code, else the English one Intl knows, else the code. */
function nameOf(languages: LanguagesResponse, code: string): string {
  return languages.code_to_name[code] ?? languageName(code);
}

/**
 * What to tell the user about a pair machine translation does not serve, before the project
 * exists; undefined when MT serves it or the pair is not complete yet.
 */
export function missingMachineTranslationNotice(
  languages: LanguagesResponse,
  source: string | undefined,
  target: string | undefined,
): string | undefined {
  if (!source || !target || source === target) return undefined;
  if (hasMachineTranslation(languages, source, target)) return undefined;
  const pair = `${nameOf(languages, source)} → ${nameOf(languages, target)}`;
  return `No machine translation for ${pair} on this server: segments without a TM match stay empty.`;
}
