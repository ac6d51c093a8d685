import { canRetryHelp, toIpcError } from '../../bridge/ipc-errors';
import { ProgressBar, sentPercent, TransferActions } from '../../components/TransferRow';
import { formatBytes } from '../../components/file-format';
import { CloseIcon } from '../../components/icons';
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

const percentOf = (item: UploadItem) =>
  item.state === 'done' ? 100 : sentPercent(item.sentBytes, item.totalBytes);

/** Cancelled, or failed for a reason that may pass (not a file the server refuses: 413, 415). */
const canRetry = (item: UploadItem) =>
  item.state === 'cancelled' ||
  (item.state === 'failed' && (item.error === null || canRetryHelp(item.error)));

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
  const error = item.error && toIpcError(item.error);
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
        <ProgressBar
          className="upload-progress"
          label={`Upload of ${item.name}`}
          percent={percent}
          valueText={text}
          testId="upload-progress"
          outcome={item.state === 'failed' || item.state === 'cancelled' ? item.state : undefined}
        />
        <p className="upload-bytes" data-testid="upload-bytes">
          {text}
        </p>
        <div className="upload-row-actions">
          <TransferActions
            name={item.name}
            noun="upload"
            retryVerb="Upload"
            testIdPrefix="upload"
            onCancel={isActive ? () => void uploader.cancel(item.key) : undefined}
            isCancelling={item.isCancelling}
            onRetry={canRetry(item) ? () => uploader.retry(item.key) : undefined}
            onDismiss={isActive ? undefined : () => onDismiss(item.key)}
            dismissClassName="files-icon-button"
            dismissContent={<CloseIcon />}
          />
        </div>
      </div>
      {item.state === 'failed' && error ? (
        <div className="upload-error" role="alert" data-testid="upload-error">
          <p>
            {error.message}
            {error.status ? <span className="notice-meta"> (HTTP {error.status})</span> : null}
          </p>
          {error.hint ? <p className="notice-hint">{error.hint}</p> : null}
        </div>
      ) : null}
    </li>
  );
}
