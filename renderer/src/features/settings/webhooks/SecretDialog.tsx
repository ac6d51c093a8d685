import { useRef, useState } from 'react';
import { ModalDialog } from '../../../components/ModalDialog';

interface SecretDialogProps {
  /** "Webhook created" or "New secret". */
  title: string;
  webhookName: string;
  secret: string;
  onClose: () => void;
  /** Where the focus goes after, when the element it came from is gone (the form's button). */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

type CopyState = 'idle' | 'copied' | 'select';

/**
 * The webhook's signing secret, shown this once: the server never answers it again. Copy puts
 * it on the clipboard; where the clipboard is refused, the secret is selected for Ctrl+C.
 */
export function SecretDialog(props: SecretDialogProps) {
  const { title, webhookName, secret, onClose } = props;
  const [copy, setCopy] = useState<CopyState>('idle');
  const input = useRef<HTMLInputElement>(null);
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopy('select');
    }
  };
  return (
    <ModalDialog
      labelledBy="webhook-secret-title"
      testId="webhook-secret-dialog"
      onClose={onClose}
      fallbackFocus={props.fallbackFocus}
    >
      <div className="modal-body">
        <h2 id="webhook-secret-title">{title}</h2>
        <p>
          Requests to “{webhookName}” are signed with this secret (Standard Webhooks,{' '}
          <code>webhook-signature</code>). Give it to the receiver so it can check them.
        </p>
        <p className="notice notice-warning" data-testid="webhook-secret-warning">
          Copy it now: you will not see it again. If it is lost, rotate the secret and give the
          receiver the new one.
        </p>
        <div className="field">
          <label htmlFor="webhook-secret">Signing secret</label>
          <div className="inline-field">
            <input
              ref={input}
              id="webhook-secret"
              type="text"
              className="webhook-secret"
              value={secret}
              readOnly
              // Focused and selected on open: Ctrl+C copies it at once.
              autoFocus
              spellCheck={false}
              onFocus={(event) => event.target.select()}
              data-testid="webhook-secret"
            />
            <button
              type="button"
              className="button"
              onClick={() => void copySecret()}
              data-testid="webhook-secret-copy"
            >
              Copy
            </button>
          </div>
          <p className="field-help" role="status">
            {copy === 'copied' ? 'Copied to the clipboard.' : null}
            {copy === 'select'
              ? 'The clipboard is not available here: the secret is selected, copy it with Ctrl+C (⌘C on a Mac).'
              : null}
          </p>
        </div>
      </div>
      <div className="modal-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={onClose}
          data-testid="webhook-secret-done"
        >
          I have copied it
        </button>
      </div>
    </ModalDialog>
  );
}
