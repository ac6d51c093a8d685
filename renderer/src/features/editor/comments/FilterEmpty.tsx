import { NoSegmentShown } from '../grid/NoSegmentShown';
import { useCommentStore } from './comment-store';

/** What the grid shows when "unresolved comments only" leaves no segment. */
export function FilterEmpty() {
  return (
    <NoSegmentShown
      message="No segment has an unresolved comment."
      onShowAll={() => useCommentStore.getState().setUnresolvedOnly(false)}
      testId="segment-grid-filter-empty"
      showAllTestId="segment-grid-show-all"
    />
  );
}
