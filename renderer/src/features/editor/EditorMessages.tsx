import { ErrorMessage } from '../../components/ErrorMessage';
import { useEditorStore } from './editor-store';

/** The last refused call (save, download) until dismissed. */
export function EditorMessages() {
  const alert = useEditorStore((state) => state.alert);
  const dismiss = useEditorStore((state) => state.dismissAlert);
  if (!alert) return null;
  return (
    <ErrorMessage error={alert.error} title={alert.title} testId="editor-alert">
      <button type="button" className="button button-small" onClick={dismiss}>
        Dismiss
      </button>
    </ErrorMessage>
  );
}
