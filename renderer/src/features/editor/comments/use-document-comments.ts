import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
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
 * "Unresolved comments only" filter lets through (`unresolvedOnly`, null while it is off or the
 * comments are not loaded; `useShownSegments` shows them), and commenting from the keyboard.
 */
export function useDocumentComments(
  document: DocumentWithSegments,
  actions: SegmentActions,
  /** False while the read must wait (the editor's first frame). */
  isEnabled = true,
) {
  const { active } = actions;
  const result = useQuery({ ...editorQueries.comments(document.id), enabled: isEnabled });
  const isUnresolvedOnly = useCommentStore((state) => state.isUnresolvedOnly);
  const unresolved = useMemo(() => unresolvedSegmentIds(result.data), [result.data]);
  const isFiltering = isUnresolvedOnly && result.isSuccess;

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
    unresolvedOnly: isFiltering ? unresolved : null,
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
