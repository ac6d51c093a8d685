import { ErrorMessage } from '../../components/ErrorMessage';
import { useFilesStore } from './files-store';

/** The last refused change (until dismissed) or the last success worth saying. */
export function FilesMessages() {
  const alert = useFilesStore((state) => state.alert);
  const notice = useFilesStore((state) => state.notice);
  const { dismissAlert, showNotice } = useFilesStore.getState();
  if (alert) {
    return (
      <ErrorMessage error={alert.error} title={alert.title} testId="files-alert">
        <button type="button" className="button button-small" onClick={dismissAlert}>
          Dismiss
        </button>
      </ErrorMessage>
    );
  }
  return (
    <div className="files-status" role="status" data-testid="files-notice">
      {notice ? (
        <div className="notice notice-success files-notice">
          <p>{notice}</p>
          <button type="button" className="button button-small" onClick={() => showNotice(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
