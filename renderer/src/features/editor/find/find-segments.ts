import type { Segment } from '../../../../../shared/api/segments';
import { checkSegment, type QaWarning } from '../qa/qa';
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

const checked = new WeakMap<Segment, boolean>();

/**
 * Whether a segment has QA warnings: those of its confirm in this session, else the same checks
 * run on its saved translation (once per segment object).
 */
export function hasQaWarnings(
  segment: Segment,
  sessionWarnings: Record<number, QaWarning[]>,
): boolean {
  const session = sessionWarnings[segment.id];
  if (session) return session.length > 0;
  if (segment.target.trim() === '') return false;
  let has = checked.get(segment);
  if (has === undefined) {
    has = checkSegment(segment.source, segment.target).length > 0;
    checked.set(segment, has);
  }
  return has;
}
