import { formatBytes } from '../files/file-format';
import { CloseIcon } from '../files/icons';
import type { ImportItem } from './import-store';
import type { Importer } from './importer';
import { addedText } from './tm-format';

const STATE_LABELS: Record<ImportItem['state'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  processing: 'Processing',
  done: 'Imported',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function statusText(item: ImportItem): string {
  const total = formatBytes(item.totalBytes);
  const sent = formatBytes(item.sentBytes);
  switch (item.state) {
    case 'queued':
      return `${total}, waiting for the memory’s current import to finish`;
    case 'uploading':
      return item.isCancelling
        ? `Cancelling… ${sent} of ${total} sent`
        : `${sent} of ${total} sent`;
    case 'processing':
      return item.isImportedDespiteCancel
        ? 'Processing… the file had fully arrived, too late to cancel'
        : 'Processing… the server is reading the file';
    case 'done':
      return addedText(item.added?.units ?? 0, item.added?.terms ?? 0);
    case 'cancelled':
      return `Cancelled after ${sent} of ${total}; nothing was imported`;
    case 'failed':
      return 'Not imported: the memory is as it was';
  }
}

function percentOf(item: ImportItem): number {
  if (item.state === 'done' || item.state === 'processing') return 100;
  if (item.totalBytes <= 0) return 0;
  return Math.min(100, Math.floor((item.sentBytes / item.totalBytes) * 100));
}

interface ImportRowProps {
  item: ImportItem;
  importer: Importer;
  onDismiss: (key: string) => void;
}

/** One import: its file, a progress bar with the state in words, and what can be done with it. */
export function ImportRow({ item, importer, onDismiss }: ImportRowProps) {
  const percent = percentOf(item);
  const text = statusText(item);
  const isCancellable = item.state === 'queued' || item.state === 'uploading';
  const isBusy = item.state === 'uploading' || item.state === 'processing';
  return (
    <li
      className={`memory-import-row memory-import-row-${item.state}`}
      data-testid="memory-import-row"
      data-import-name={item.name}
      data-state={item.state}
      aria-busy={isBusy || undefined}
    >
      <div className="memory-import-main">
        <span className="memory-import-name" title={item.name}>
          {item.name}
        </span>
        <span
          className={`memory-import-badge memory-import-badge-${item.state}`}
          data-testid="memory-import-state"
        >
          {STATE_LABELS[item.state]}
        </span>
        <div
          className="memory-import-progress"
          role="progressbar"
          aria-label={`Import of ${item.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.state === 'processing' ? undefined : percent}
          aria-valuetext={text}
          data-testid="memory-import-progress"
        >
          <div className="memory-import-progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <div className="memory-import-actions">
          {isCancellable ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => void importer.cancel(item.key)}
              disabled={item.isCancelling}
              aria-label={`Cancel the import of ${item.name}`}
              data-testid="memory-import-cancel"
            >
              {item.isCancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
          {item.state === 'failed' || item.state === 'cancelled' ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => importer.retry(item.key)}
              aria-label={`Import ${item.name} again`}
              data-testid="memory-import-retry"
            >
              Try again
            </button>
          ) : null}
          {isBusy || item.state === 'queued' ? null : (
            <button
              type="button"
              className="memories-icon-button"
              onClick={() => onDismiss(item.key)}
              aria-label={`Dismiss ${item.name}`}
              title="Dismiss"
              data-testid="memory-import-dismiss"
            >
              <CloseIcon />
            </button>
          )}
        </div>
      </div>
      {/* Heard once per change of state; the bytes on their way would be too chatty. */}
      <span className="visually-hidden" aria-live="polite">
        {item.state === 'uploading' ? `Uploading ${item.name}` : `${item.name}: ${text}`}
      </span>
      <p className="memory-import-status" data-testid="memory-import-status">
        {item.state === 'processing' ? (
          <span className="memories-spinner" aria-hidden="true" />
        ) : null}
        {text}
      </p>
      {item.state === 'failed' && item.error ? (
        <div className="memory-import-failure" role="alert" data-testid="memory-import-failure">
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
