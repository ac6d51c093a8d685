import { ErrorMessage } from '../../components/ErrorMessage';
import { useBoardStore } from '../../stores/board-store';

/** A change the server refused (the board has already put things back), until dismissed. */
export function BoardAlert() {
  const alert = useBoardStore((state) => state.alert);
  const dismissAlert = useBoardStore((state) => state.dismissAlert);
  if (!alert) return null;
  return (
    <ErrorMessage error={alert.error} title={alert.title} testId="board-error">
      <button type="button" className="button button-small" onClick={dismissAlert}>
        Dismiss
      </button>
    </ErrorMessage>
  );
}
