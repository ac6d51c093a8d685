import './progress.css';

interface ProgressBarProps {
  done: number;
  total: number;
  /** What is counted, plural: "words". */
  unit: string;
  /** The bar's accessible name: "Confirmed words". */
  label: string;
  testId?: string;
}

/** Whole percent, rounded down: a bar shows 100 only when everything is done. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done * 100) / total));
}

/** A thin progress bar with "1,234 / 5,000 words" beside it. */
export function ProgressBar({ done, total, unit, label, testId }: ProgressBarProps) {
  const percent = progressPercent(done, total);
  const text = `${done.toLocaleString()} / ${total.toLocaleString()} ${unit}`;
  return (
    <div className="progress" data-testid={testId}>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${text} (${percent}%)`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="progress-text" aria-hidden="true">
        {text}
      </span>
    </div>
  );
}
