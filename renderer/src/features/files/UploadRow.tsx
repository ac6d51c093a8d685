import { formatBytes } from './file-format';
import { CloseIcon } from './icons';
import type { UploadItem } from './upload-store';
import type { Uploader } from './uploader';

const STATE_LABELS: Record<UploadItem['state'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  done: 'Stored',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function progressText(item: UploadItem): string {
  const total = formatBytes(item.totalBytes);
  switch (item.state) {
    case 'queued':
      return `${total}, waiting for a free slot`;
    case 'uploading':
      return item.isCancelling
        ? `Cancelling… ${formatBytes(item.sentBytes)} of ${total} sent`
        : `${formatBytes(item.sentBytes)} of ${total} sent`;
    case 'done':
      return item.isStoredDespiteCancel
        ? `${total} stored (too late to cancel)`
        : `${total} stored`;
    case 'cancelled':
      return `Cancelled after ${formatBytes(item.sentBytes)} of ${total}`;
    case 'failed':
      return item.sentBytes > 0
        ? `Stopped after ${formatBytes(item.sentBytes)} of ${total}`
        : `${total}, not stored`;
  }
}

function percentOf(item: UploadItem): number {
  if (item.state === 'done') return 100;
  if (item.totalBytes <= 0) return 0;
  return Math.min(100, Math.floor((item.sentBytes / item.totalBytes) * 100));
}

interface UploadRowProps {
  item: UploadItem;
  uploader: Uploader;
  onDismiss: (key: string) => void;
}

/** One upload: its name, a progress bar with the bytes in words, and what can be done with it. */
export function UploadRow({ item, uploader, onDismiss }: UploadRowProps) {
  const percent = percentOf(item);
  const isActive = item.state === 'queued' || item.state === 'uploading';
  const text = progressText(item);
  return (
    <li
      className={`upload-row upload-row-${item.state}`}
      data-testid="upload-row"
      data-upload-name={item.name}
      data-state={item.state}
    >
      <div className="upload-row-main">
        <div className="upload-name-block">
          <span className="upload-name" title={item.name}>
            {item.name}
          </span>
          <span className={`upload-badge upload-badge-${item.state}`} data-testid="upload-state">
            {STATE_LABELS[item.state]}
          </span>
        </div>
        <div
          className="upload-progress"
          role="progressbar"
          aria-label={`Upload of ${item.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={text}
          data-testid="upload-progress"
        >
          <div className="upload-progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="upload-bytes" data-testid="upload-bytes">
          {text}
        </p>
        <div className="upload-row-actions">
          {isActive ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => void uploader.cancel(item.key)}
              disabled={item.isCancelling}
              aria-label={`Cancel the upload of ${item.name}`}
              data-testid="upload-cancel"
            >
              {item.isCancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
          {item.state === 'failed' || item.state === 'cancelled' ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => uploader.retry(item.key)}
              aria-label={`Upload ${item.name} again`}
              data-testid="upload-retry"
            >
              Try again
            </button>
          ) : null}
          {isActive ? null : (
            <button
              type="button"
              className="files-icon-button"
              onClick={() => onDismiss(item.key)}
              aria-label={`Dismiss ${item.name}`}
              title="Dismiss"
              data-testid="upload-dismiss"
            >
              <CloseIcon />
            </button>
          )}
        </div>
      </div>
      {item.state === 'failed' && item.error ? (
        <div className="upload-error" role="alert" data-testid="upload-error">
          <p>
            {item.error.message}
            {item.error.status ? (
              <span className="notice-meta"> (HTTP {item.error.status})</span>
            ) : null}
          </p>
          {item.error.hint ? <p className="notice-hint">{item.error.hint}</p> : null}
        </div>
      ) : null}
    </li>
  );
}
