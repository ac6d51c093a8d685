import type { Segment } from '../../../../../shared/api/segments';
import { useEditorStore } from '../editor-store';
import { isReviewed, isReviewStage } from './review';
import type { ReviewActions } from './use-review-actions';
import type { ReviewMode } from './use-review-mode';
import './review.css';

interface ReviewToolbarProps {
  mode: ReviewMode;
  actions: ReviewActions;
  active: Segment | undefined;
  /** The indices the filters show, while one is on: "Next unreviewed" stays among them. */
  shown: readonly number[] | undefined;
}

/** The editor toolbar's review part: the "Review" switch and, while on, its two actions. */
export function ReviewToolbar({ mode, actions, active, shown }: ReviewToolbarProps) {
  const isStageReview = isReviewStage(mode.stage);
  // The focus goes back to the target, where the keys work, after a click here.
  const then = (act: () => void) => () => {
    act();
    useEditorStore.getState().focusTarget();
  };
  return (
    <div className="review-toolbar" role="group" aria-label="Review" data-testid="review-toolbar">
      <button
        type="button"
        aria-pressed={mode.isOn}
        title={
          isStageReview
            ? 'Review mode (the project is at its review stage): Ctrl+Enter marks a segment reviewed'
            : 'Review mode: Ctrl+Enter marks a segment reviewed'
        }
        onClick={() => mode.setOn(!mode.isOn)}
        data-testid="review-toggle"
      >
        Review
      </button>
      {mode.isOn ? (
        <>
          <button
            type="button"
            onClick={then(() => actions.goToNextUnreviewed(shown))}
            data-testid="review-next"
          >
            Next unreviewed
          </button>
          <button
            type="button"
            aria-keyshortcuts="Control+Shift+Enter"
            title="Take the review back (Ctrl+Shift+Enter)"
            disabled={!active || !isReviewed(active)}
            onClick={then(actions.takeBack)}
            data-testid="review-take-back"
          >
            Take review back
          </button>
        </>
      ) : null}
    </div>
  );
}
