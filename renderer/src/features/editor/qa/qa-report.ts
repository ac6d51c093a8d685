import type { Segment } from '../../../../../shared/api/segments';
import { QA_CHECKS, type QaCheck } from '../../../../../shared/api/qa';
import { isIgnored, type IgnoreIndex } from './ignores';
import { checkSegment, type QaLanguages, type QaWarning } from './qa';

/** One warning of the report: where it is, what it says, and the target it was found in. */
export interface QaReportItem {
  segmentId: number;
  /** 0-based position in the document. */
  index: number;
  warning: QaWarning;
  source: string;
  target: string;
  isIgnored: boolean;
}

export interface QaReportGroup {
  check: QaCheck;
  items: QaReportItem[];
}

export interface QaReport {
  groups: QaReportGroup[];
  shown: number;
  ignored: number;
}

/** Names of the checks, as the report's group headings. */
export const CHECK_NAMES: Record<QaCheck, string> = {
  empty: 'Empty translation',
  'number-missing': 'Numbers missing',
  'number-extra': 'Numbers added',
  'number-format': 'Numbers written as in the source',
  'code-missing': 'Tags or placeholders missing',
  'code-extra': 'Tags or placeholders added',
  ending: 'Final punctuation',
  'leading-space': 'Leading space',
  'trailing-space': 'Trailing space',
  'double-space': 'Double space',
  'same-as-source': 'Same as the source',
};

// Saved segments keep their warnings while the segment object stays the same (the cache hands
// out new objects only for segments that changed): a report after one confirm checks one segment.
const checked = new WeakMap<Segment, { languages: string; warnings: QaWarning[] }>();

/** The warnings of a segment's text (its saved target's are remembered per segment object). */
export function warningsOf(segment: Segment, text: string, languages: QaLanguages): QaWarning[] {
  if (text !== segment.target) return checkSegment(segment.source, text, languages);
  const key = `${languages.source}>${languages.target}`;
  const cached = checked.get(segment);
  if (cached?.languages === key) return cached.warnings;
  const warnings = checkSegment(segment.source, text, languages);
  checked.set(segment, { languages: key, warnings });
  return warnings;
}

/**
 * Every warning of a document, grouped by check in the order of QA_CHECKS, each group in segment
 * order. A segment is checked with its draft when it has one. Untranslated segments are left out
 * (an empty target is a warning only once it was confirmed).
 */
export function buildQaReport(
  segments: readonly Segment[],
  languages: QaLanguages,
  drafts: Readonly<Record<number, { text: string } | undefined>>,
  ignores: IgnoreIndex,
): QaReport {
  const byCheck = new Map<QaCheck, QaReportItem[]>();
  let shown = 0;
  let ignored = 0;
  segments.forEach((segment, index) => {
    const target = drafts[segment.id]?.text ?? segment.target;
    if (target.trim() === '' && !segment.is_confirmed) return;
    for (const warning of warningsOf(segment, target, languages)) {
      const item: QaReportItem = {
        segmentId: segment.id,
        index,
        warning,
        source: segment.source,
        target,
        isIgnored: isIgnored(ignores, segment.id, warning, target),
      };
      if (item.isIgnored) ignored += 1;
      else shown += 1;
      const list = byCheck.get(warning.code);
      if (list) list.push(item);
      else byCheck.set(warning.code, [item]);
    }
  });
  const groups = QA_CHECKS.flatMap((check) => {
    const items = byCheck.get(check);
    return items ? [{ check, items }] : [];
  });
  return { groups, shown, ignored };
}
