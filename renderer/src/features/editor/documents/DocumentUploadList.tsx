import { ErrorMessage } from '../../../components/ErrorMessage';
import { ProgressBar, sentPercent, TransferActions } from '../../../components/TransferRow';
import { cancelDocumentUpload, useDocumentUploadStore } from './document-uploads';

/** The project's uploads in this window: progress, then done or why not. */
export function DocumentUploadList({ projectId }: { projectId: number }) {
  const items = useDocumentUploadStore((state) => state.items);
  const dismiss = useDocumentUploadStore((state) => state.dismiss);
  const rows = items.filter((item) => item.projectId === projectId);
  if (rows.length === 0) return null;
  return (
    <ul className="editor-upload-list" aria-label="Document uploads">
      {rows.map((item) => {
        const percent = item.state === 'done' ? 100 : sentPercent(item.sentBytes, item.totalBytes);
        const isActive = item.state === 'queued' || item.state === 'uploading';
        return (
          <li
            key={item.key}
            className="editor-upload-row"
            data-testid="document-upload-row"
            data-upload-name={item.name}
            data-state={item.state}
          >
            <span className="editor-upload-name">{item.name}</span>
            <ProgressBar
              className="editor-bar"
              label={`Upload of ${item.name}`}
              percent={percent}
              outcome={
                item.state === 'failed' || item.state === 'cancelled' ? item.state : undefined
              }
            />
            <span className="muted" data-testid="document-upload-status">
              {isActive
                ? percent >= 100
                  ? 'Reading the file…'
                  : `Uploading… ${percent}%`
                : item.state === 'done'
                  ? 'Added'
                  : item.state === 'cancelled'
                    ? 'Cancelled'
                    : 'Failed'}
            </span>
            <TransferActions
              name={item.name}
              noun="upload"
              testIdPrefix="document-upload"
              onCancel={isActive ? () => void cancelDocumentUpload(item.key) : undefined}
              isCancelling={item.isCancelling}
              onDismiss={isActive ? undefined : () => dismiss(item.key)}
              dismissClassName="button button-small"
              dismissContent="Dismiss"
            />
            {item.error ? (
              <ErrorMessage
                error={item.error}
                title={`${item.name} was not added`}
                testId="document-upload-error"
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
