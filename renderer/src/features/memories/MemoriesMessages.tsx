import { ErrorMessage } from '../../components/ErrorMessage';
import { useMemoriesStore } from './memories-store';

/** The last refused change (until dismissed) or the last success worth saying. */
export function MemoriesMessages() {
  const alert = useMemoriesStore((state) => state.alert);
  const notice = useMemoriesStore((state) => state.notice);
  const { dismissAlert, showNotice } = useMemoriesStore.getState();
  if (alert) {
    return (
      <ErrorMessage error={alert.error} title={alert.title} testId="memories-alert">
        <button type="button" className="button button-small" onClick={dismissAlert}>
          Dismiss
        </button>
      </ErrorMessage>
    );
  }
  return (
    <div className="memories-status" role="status" data-testid="memories-notice">
      {notice ? (
        <div className="notice notice-success memories-notice">
          <p>{notice}</p>
          <button type="button" className="button button-small" onClick={() => showNotice(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
