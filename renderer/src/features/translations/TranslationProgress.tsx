import type { TranslationInfo } from '../../../../shared/api/file-translation';
import { progressPercent, progressText } from './translation-format';

/** Segments done out of all, and how they were filled (memory or machine). */
export function TranslationProgress({ info }: { info: TranslationInfo }) {
  const percent = progressPercent(info);
  return (
    <div className="translation-progress">
      <div
        className="translation-bar"
        role="progressbar"
        aria-label={`Progress of ${info.fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progressText(info)}
        data-testid="translation-progress"
      >
        <div className="translation-bar-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="translation-progress-text">
        <span data-testid="translation-segments">{progressText(info)}</span>
        <span className="muted" data-testid="translation-counts">
          {' '}
          · TM {info.tmSegments.toLocaleString()} · MT {info.mtSegments.toLocaleString()}
        </span>
      </p>
    </div>
  );
}
