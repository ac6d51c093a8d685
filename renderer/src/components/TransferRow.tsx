import type { ReactNode } from 'react';

/** Percent of a transfer sent, 0..100 (floored: 100 only once every byte is there). */
export function sentPercent(sentBytes: number, totalBytes: number): number {
  if (totalBytes <= 0) return 0;
  return Math.min(100, Math.floor((sentBytes / totalBytes) * 100));
}

interface ProgressBarProps {
  /** `upload-progress`: the bar's class; its fill is `<className>-fill`. */
  className: string;
  label: string;
  percent: number;
  /** Unknown progress (the server is reading the file): no value for assistive technology. */
  isIndeterminate?: boolean;
  valueText?: string;
  testId?: string;
  /** A transfer that ended without its file stored: the bar turns red (failed) or grey. */
  outcome?: 'failed' | 'cancelled';
}

/** Fill colours of an ended transfer, whatever the feature's own bar style (never green). */
const OUTCOME_FILL = { failed: 'var(--error)', cancelled: 'var(--pending)' } as const;

/** A progress bar that assistive technology reads as one. */
export function ProgressBar(props: ProgressBarProps) {
  const { className, percent, outcome } = props;
  return (
    <div
      className={className}
      data-outcome={outcome}
      role="progressbar"
      aria-label={props.label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={props.isIndeterminate ? undefined : percent}
      aria-valuetext={props.valueText}
      data-testid={props.testId}
    >
      <div
        className={`${className}-fill`}
        style={{
          width: `${percent}%`,
          ...(outcome ? { background: OUTCOME_FILL[outcome] } : {}),
        }}
      />
    </div>
  );
}

interface TransferActionsProps {
  name: string;
  /** `upload`, `import`: "Cancel the upload of …". */
  noun: string;
  /** `Upload`, `Import`: "Upload … again". */
  retryVerb?: string;
  /** `upload`, `memory-import`: test ids are `<prefix>-cancel`, `-retry`, `-dismiss`. */
  testIdPrefix: string;
  onCancel?: () => void;
  isCancelling?: boolean;
  onRetry?: () => void;
  onDismiss?: () => void;
  /** The dismiss button's look (an icon button of the feature) and content. */
  dismissClassName: string;
  dismissContent: ReactNode;
}

/** Cancel, try again, dismiss: each shown when its handler is given, labelled with the file. */
export function TransferActions(props: TransferActionsProps) {
  const { name, noun, testIdPrefix } = props;
  return (
    <>
      {props.onCancel ? (
        <button
          type="button"
          className="button button-small"
          onClick={props.onCancel}
          disabled={props.isCancelling}
          aria-label={`Cancel the ${noun} of ${name}`}
          data-testid={`${testIdPrefix}-cancel`}
        >
          {props.isCancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      ) : null}
      {props.onRetry ? (
        <button
          type="button"
          className="button button-small"
          onClick={props.onRetry}
          aria-label={`${props.retryVerb ?? 'Try'} ${name} again`}
          data-testid={`${testIdPrefix}-retry`}
        >
          Try again
        </button>
      ) : null}
      {props.onDismiss ? (
        <button
          type="button"
          className={props.dismissClassName}
          onClick={props.onDismiss}
          aria-label={`Dismiss ${name}`}
          title="Dismiss"
          data-testid={`${testIdPrefix}-dismiss`}
        >
          {props.dismissContent}
        </button>
      ) : null}
    </>
  );
}
