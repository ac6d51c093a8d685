import { useCommentStore } from '../comments/comment-store';
import { NoSegmentShown } from '../grid/NoSegmentShown';
import { useFindStore } from './find-store';

/** What the grid shows when the find bar's filters leave no segment. */
export function FindEmpty() {
  return (
    <NoSegmentShown
      message="No segment matches the filter and the search."
      onShowAll={() => {
        useFindStore.getState().clear();
        useCommentStore.getState().setUnresolvedOnly(false);
      }}
      testId="find-empty"
      showAllTestId="find-show-all"
    />
  );
}
