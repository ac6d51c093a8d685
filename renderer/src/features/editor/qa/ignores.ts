import type { QaIgnore } from '../../../../../shared/api/qa';
import type { QaWarning } from './qa';

/** Ignores by segment id, for lookups while a report runs over every segment. */
export type IgnoreIndex = ReadonlyMap<number, readonly QaIgnore[]>;

export const NO_IGNORES: IgnoreIndex = new Map();

export function indexIgnores(ignores: readonly QaIgnore[] | undefined): IgnoreIndex {
  if (!ignores?.length) return NO_IGNORES;
  const index = new Map<number, QaIgnore[]>();
  for (const ignore of ignores) {
    const list = index.get(ignore.segment_id);
    if (list) list.push(ignore);
    else index.set(ignore.segment_id, [ignore]);
  }
  return index;
}

/** Whether a warning of the segment is ignored: only while the target is the one it was ignored on. */
export function isIgnored(
  index: IgnoreIndex,
  segmentId: number,
  warning: QaWarning,
  target: string,
): boolean {
  return (
    index
      .get(segmentId)
      ?.some((ignore) => ignore.check === warning.code && ignore.target === target) ?? false
  );
}

/** The warnings still shown once the segment's ignores are applied. */
export function shownWarnings(
  index: IgnoreIndex,
  segmentId: number,
  warnings: readonly QaWarning[],
  target: string,
): QaWarning[] {
  if (!index.has(segmentId)) return [...warnings];
  return warnings.filter((warning) => !isIgnored(index, segmentId, warning, target));
}
