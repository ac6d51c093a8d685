import type { LanguagesResponse } from '../../../../shared/api/languages';

export interface LanguagePair {
  source: string;
  target: string;
  sourceLabel: string;
  targetLabel: string;
}

/** The pairs a server offers, named ("English (en)") and sorted by source, then target. */
export function languagePairs({
  source_to_target,
  code_to_name,
}: LanguagesResponse): LanguagePair[] {
  const label = (code: string) => {
    const name = code_to_name[code];
    return name ? `${name} (${code})` : code;
  };
  const pairs: LanguagePair[] = [];
  for (const [source, targets] of Object.entries(source_to_target)) {
    for (const [target, isOffered] of Object.entries(targets)) {
      if (isOffered)
        pairs.push({ source, target, sourceLabel: label(source), targetLabel: label(target) });
    }
  }
  return pairs.sort(
    (a, b) =>
      a.sourceLabel.localeCompare(b.sourceLabel) || a.targetLabel.localeCompare(b.targetLabel),
  );
}
