import { useEffect, useMemo, useState } from 'react';
import type { Segment } from '../../../../../shared/api/segments';
import type { SegmentActions } from '../grid/use-segment-actions';

/**
 * The segments the grid shows while filters are on (`passes`, by index; null shows all), and
 * moving among them. The active row stays shown while the translator works on it, even once it
 * no longer passes (confirmed under "Not translated", its comment resolved); an active segment
 * the filters hide (a filter just turned on, a search typed) gives way to the first one shown.
 * `filterKey` names the filters: a new one forgets the row kept under the old.
 */
export function useShownSegments(
  segments: readonly Segment[],
  actions: SegmentActions,
  passes: readonly boolean[] | null,
  filterKey: string,
) {
  const { active, activeIndex, goTo } = actions;
  const isFiltering = passes !== null;
  const activeId = active?.id ?? null;
  const [kept, setKept] = useState<{ id: number; filterKey: string } | null>(null);
  if (
    isFiltering &&
    activeId !== null &&
    passes[activeIndex] === true &&
    (kept?.id !== activeId || kept.filterKey !== filterKey)
  ) {
    setKept({ id: activeId, filterKey });
  }
  const keptId = kept?.id === activeId && kept.filterKey === filterKey ? kept.id : null;
  const shown = useMemo(
    () =>
      segments.flatMap((segment, index) =>
        !passes || passes[index] === true || segment.id === keptId ? [index] : [],
      ),
    [keptId, passes, segments],
  );
  const firstShown = shown[0];
  const isActiveHidden = isFiltering && !shown.includes(activeIndex);
  useEffect(() => {
    if (isActiveHidden && firstShown !== undefined) goTo(firstShown);
  }, [firstShown, goTo, isActiveHidden]);

  return {
    isFiltering,
    shown,
    /** How many segments pass the filters (the kept active row aside). */
    passing: passes ? passes.filter(Boolean).length : segments.length,
    /** Like `actions.move`, but among the segments shown while a filter is on. */
    move: (step: -1 | 1) => {
      if (!isFiltering) return actions.move(step);
      const next =
        step > 0
          ? shown.find((index) => index > activeIndex)
          : shown.findLast((index) => index < activeIndex);
      if (next !== undefined) goTo(next);
    },
  };
}
