import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import { documentProgress } from '../grid/segments';

/** Confirmed words out of all words, and pretranslation while it runs. */
export function DocumentProgressBar({ document }: { document: DocumentWithSegments }) {
  const progress = documentProgress(document.segments);
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
