import type { LanguagesResponse } from '../../../shared/api/languages';
import type { LanguageOption } from './LanguageSelect';

/** Every language the server names ("English (en)"), sorted by name. */
export function languageOptions(languages: LanguagesResponse | undefined): LanguageOption[] {
  if (!languages) return [];
  const codes = new Set(Object.keys(languages.code_to_name));
  for (const [source, targets] of Object.entries(languages.source_to_target)) {
    codes.add(source);
    for (const target of Object.keys(targets)) codes.add(target);
  }
  return [...codes]
    .map((code) => {
      const name = languages.code_to_name[code];
      return { code, label: name ? `${name} (${code})` : code };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
