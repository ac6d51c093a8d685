import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import { unresolvedSegmentIds } from './comment-threads';
import { useCommentStore } from './comment-store';
import { editorQueries } from '../queries';
import { selectedQuote } from './source-selection';
import type { SegmentActions } from '../grid/use-segment-actions';

/** The source of the active row, where a selection can be quoted in a comment. */
const activeSource = () =>
  window.document.querySelector(
    '[data-testid="segment-row"][data-active] [data-testid="segment-source"]',
  );

/**
 * The document's comments as the editor uses them: the unresolved threads, the segments the
 * "Unresolved comments only" filter shows, moving among those, and commenting from the keyboard.
 * The active row stays shown while the translator works on it, even once its thread is resolved;
 * an active segment the filter hides (the filter just turned on, a document opened with it) gives
 * way to the first one shown.
 */
export function useDocumentComments(document: DocumentWithSegments, actions: SegmentActions) {
  const { active, activeIndex, goTo } = actions;
  const result = useQuery(editorQueries.comments(document.id));
  const isUnresolvedOnly = useCommentStore((state) => state.isUnresolvedOnly);
  const unresolved = useMemo(() => unresolvedSegmentIds(result.data), [result.data]);
  const isFiltering = isUnresolvedOnly && result.isSuccess;
  const activeId = active?.id ?? null;
  // The active segment shown by the filter, kept shown until the translator moves.
  const [keptId, setKeptId] = useState<number | null>(null);
  if (isFiltering && activeId !== null && unresolved.has(activeId) && keptId !== activeId) {
    setKeptId(activeId);
  }
  const kept = keptId === activeId ? keptId : null;
  const shown = useMemo(
    () =>
      document.segments.flatMap((segment, index) =>
        !isFiltering || unresolved.has(segment.id) || segment.id === kept ? [index] : [],
      ),
    [document.segments, isFiltering, kept, unresolved],
  );
  const firstShown = shown[0];
  const isActiveHidden = isFiltering && !shown.includes(activeIndex);
  useEffect(() => {
    if (isActiveHidden && firstShown !== undefined) goTo(firstShown);
  }, [firstShown, goTo, isActiveHidden]);

  // A question left open here must not come back when the document is opened again.
  useEffect(
    () => () => {
      const { askDelete, setEditing } = useCommentStore.getState();
      askDelete(null);
      setEditing(null);
    },
    [],
  );

  return {
    result,
    unresolvedThreads: unresolved.size,
    isFiltering,
    shown,
    /** Like `actions.move`, but among the segments shown while the filter is on. */
    move: (step: -1 | 1) => {
      if (!isFiltering) return actions.move(step);
      const next =
        step > 0
          ? shown.find((index) => index > activeIndex)
          : shown.findLast((index) => index < activeIndex);
      if (next !== undefined) actions.goTo(next);
    },
    /** Quotes what is selected in the active source or target, and goes to the reply box. */
    commentOnSelection: (target: EventTarget | null) => {
      if (!active) return;
      const field =
        target instanceof HTMLTextAreaElement && target.classList.contains('segment-editor')
          ? target
          : null;
      useCommentStore.getState().quote(active.id, selectedQuote(field, activeSource()));
    },
  };
}
