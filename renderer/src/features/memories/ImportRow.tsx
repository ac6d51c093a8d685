import { ProgressBar, sentPercent, TransferActions } from '../../components/TransferRow';
import { formatBytes } from '../../components/file-format';
import { CloseIcon } from '../../components/icons';
import { addedText } from '../../components/tm-format';
import type { ImportItem } from './import-store';
import type { Importer } from './importer';

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

const percentOf = (item: ImportItem) =>
  item.state === 'done' || item.state === 'processing'
    ? 100
    : sentPercent(item.sentBytes, item.totalBytes);

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
        <ProgressBar
          className="memory-import-progress"
          label={`Import of ${item.name}`}
          percent={percent}
          isIndeterminate={item.state === 'processing'}
          valueText={text}
          testId="memory-import-progress"
        />
        <div className="memory-import-actions">
          <TransferActions
            name={item.name}
            noun="import"
            retryVerb="Import"
            testIdPrefix="memory-import"
            onCancel={isCancellable ? () => void importer.cancel(item.key) : undefined}
            isCancelling={item.isCancelling}
            onRetry={
              item.state === 'failed' || item.state === 'cancelled'
                ? () => importer.retry(item.key)
                : undefined
            }
            onDismiss={isBusy || item.state === 'queued' ? undefined : () => onDismiss(item.key)}
            dismissClassName="memories-icon-button"
            dismissContent={<CloseIcon />}
          />
        </div>
      </div>
      {/* Heard once per change of state; the bytes on their way would be too chatty. */}
      <span className="visually-hidden" aria-live="polite">
        {item.state === 'uploading' ? `Uploading ${item.name}` : `${item.name}: ${text}`}
      </span>
      <p className="memory-import-status" data-testid="memory-import-status">
        {item.state === 'processing' ? <span className="spinner" aria-hidden="true" /> : null}
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
