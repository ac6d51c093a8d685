import { useEffect, useRef } from 'react';
import { useCommentStore } from './comment-store';

/**
 * What the grid shows when the filter leaves no segment. The focus had nowhere to be (the target
 * it was in is gone), so it comes to the way out.
 */
export function FilterEmpty() {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) ref.current?.focus();
  }, []);
  return (
    <div className="editor-filter-empty" data-testid="segment-grid-filter-empty">
      <p>No segment has an unresolved comment.</p>
      <button
        ref={ref}
        type="button"
        className="button button-small"
        onClick={() => useCommentStore.getState().setUnresolvedOnly(false)}
        data-testid="segment-grid-show-all"
      >
        Show all segments
      </button>
    </div>
  );
}
