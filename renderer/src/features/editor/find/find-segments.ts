import type { Segment } from '../../../../../shared/api/segments';
import { NO_IGNORES, shownWarnings, type IgnoreIndex } from '../qa/ignores';
import type { QaLanguages, QaWarning } from '../qa/qa';
import { warningsOf } from '../qa/qa-report';
import { matchesText, type CompiledSearch, type SearchScope, type SearchText } from './search';
import { passesStatus, type FilterFacts, type StatusFilter } from './segment-filter';

export interface FindQuery {
  status: StatusFilter;
  search: CompiledSearch;
  scope: SearchScope;
}

/**
 * Which segments pass the status filter and the search, by index; null when neither is on (an
 * invalid regular expression filters nothing: the bar says what is wrong with it).
 */
export function findSegments(
  segments: readonly Segment[],
  texts: readonly SearchText[],
  { status, search, scope }: FindQuery,
  facts: FilterFacts,
): boolean[] | null {
  const test = search.kind === 'ok' ? search.test : null;
  if (status === 'all' && !test) return null;
  return segments.map((segment, index) => {
    if (!passesStatus(segment, status, facts)) return false;
    const text = texts[index];
    return !test || (text !== undefined && matchesText(text, test, scope));
  });
}

/**
 * Whether a segment has QA warnings not ignored: those of its confirm in this session, else the
 * checks the QA report runs on its saved translation, in the document's languages.
 */
export function hasQaWarnings(
  segment: Segment,
  sessionWarnings: Record<number, QaWarning[]>,
  languages: QaLanguages,
  ignores: IgnoreIndex = NO_IGNORES,
): boolean {
  const { id, target } = segment;
  const session = sessionWarnings[id];
  if (session) return shownWarnings(ignores, id, session, target).length > 0;
  if (target.trim() === '') return false;
  return shownWarnings(ignores, id, warningsOf(segment, target, languages), target).length > 0;
}
