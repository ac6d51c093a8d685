import { useEffect, useRef } from 'react';
import { useCommentStore } from '../comments/comment-store';
import { useFindStore } from './find-store';

/**
 * What the grid shows when the find bar's filters leave no segment. The focus stays where it is
 * (the search being typed); with nowhere to be, it comes to the way out.
 */
export function FindEmpty() {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) ref.current?.focus();
  }, []);
  return (
    <div className="editor-filter-empty" data-testid="find-empty">
      <p>No segment matches the filter and the search.</p>
      <button
        ref={ref}
        type="button"
        className="button button-small"
        onClick={() => {
          useFindStore.getState().clear();
          useCommentStore.getState().setUnresolvedOnly(false);
        }}
        data-testid="find-show-all"
      >
        Show all segments
      </button>
    </div>
  );
}
