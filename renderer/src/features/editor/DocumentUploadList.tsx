import { ErrorMessage } from '../../components/ErrorMessage';
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
        const percent =
          item.totalBytes > 0
            ? Math.min(100, Math.round((item.sentBytes / item.totalBytes) * 100))
            : 0;
        return (
          <li
            key={item.uploadId}
            className="editor-upload-row"
            data-testid="document-upload-row"
            data-upload-name={item.name}
            data-state={item.state}
          >
            <span className="editor-upload-name">{item.name}</span>
            <div
              className="editor-bar"
              role="progressbar"
              aria-label={`Upload of ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={item.state === 'done' ? 100 : percent}
            >
              <div
                className="editor-bar-fill"
                style={{ width: `${item.state === 'done' ? 100 : percent}%` }}
              />
            </div>
            <span className="muted" data-testid="document-upload-status">
              {item.state === 'uploading'
                ? percent >= 100
                  ? 'Reading the file…'
                  : `Uploading… ${percent}%`
                : item.state === 'done'
                  ? 'Added'
                  : item.state === 'cancelled'
                    ? 'Cancelled'
                    : 'Failed'}
            </span>
            {item.state === 'uploading' ? (
              <button
                type="button"
                className="button button-small"
                disabled={item.isCancelling}
                onClick={() => void cancelDocumentUpload(item.uploadId)}
                aria-label={`Cancel the upload of ${item.name}`}
                data-testid="document-upload-cancel"
              >
                {item.isCancelling ? 'Cancelling…' : 'Cancel'}
              </button>
            ) : (
              <button
                type="button"
                className="button button-small"
                onClick={() => dismiss(item.uploadId)}
                aria-label={`Dismiss ${item.name}`}
                data-testid="document-upload-dismiss"
              >
                Dismiss
              </button>
            )}
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
