import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import { documentProgress } from '../grid/segments';
import { reviewProgress } from '../review/review';

interface DocumentProgressBarProps {
  document: DocumentWithSegments;
  /** Review mode: reviewed words are shown even while none is reviewed yet. */
  isReviewing?: boolean;
}

/** Confirmed (and reviewed) words out of all words, and pretranslation while it runs. */
export function DocumentProgressBar({ document, isReviewing = false }: DocumentProgressBarProps) {
  const progress = documentProgress(document.segments);
  const reviewed = reviewProgress(document.segments);
  const isReviewShown = isReviewing || reviewed.reviewedSegments > 0;
  const { pretranslated, to_pretranslate: toDo } = document;
  return (
    <div className="editor-progress" data-testid="editor-progress">
      <div className="editor-progress-text">
        <span data-testid="editor-progress-words">
          {progress.confirmedWords.toLocaleString()} of {progress.totalWords.toLocaleString()} words
          confirmed
        </span>
        <span className="muted">
          {' '}
          · {progress.confirmedSegments.toLocaleString()} of{' '}
          {document.segments.length.toLocaleString()} segments
        </span>
      </div>
      <div
        className="editor-bar"
        role="progressbar"
        aria-label="Confirmed words"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        data-testid="editor-progress-bar"
      >
        <div className="editor-bar-fill" style={{ width: `${progress.percent}%` }} />
      </div>
      {isReviewShown ? (
        <>
          <div className="editor-progress-text" data-testid="editor-review-progress">
            {reviewed.reviewedWords.toLocaleString()} of {progress.totalWords.toLocaleString()}{' '}
            words reviewed
            <span className="muted">
              {' '}
              · {reviewed.reviewedSegments.toLocaleString()} of{' '}
              {document.segments.length.toLocaleString()} segments
            </span>
          </div>
          <div
            className="editor-bar editor-bar-review"
            role="progressbar"
            aria-label="Reviewed words"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={reviewed.percent}
            data-testid="editor-review-bar"
          >
            <div className="editor-bar-fill" style={{ width: `${reviewed.percent}%` }} />
          </div>
        </>
      ) : null}
      {document.is_pretranslating ? (
        <p className="editor-pretranslating" role="status" data-testid="editor-pretranslating">
          Pretranslating… {pretranslated.toLocaleString()} of {toDo.toLocaleString()} segments done
        </p>
      ) : null}
      {document.pretranslation_error ? (
        <p className="field-error" data-testid="editor-pretranslation-error">
          {document.pretranslation_error}
        </p>
      ) : null}
    </div>
  );
}
