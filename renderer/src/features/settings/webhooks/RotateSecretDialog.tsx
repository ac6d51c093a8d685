import type { WebhookResponse } from '../../../../../shared/api/webhooks';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { ModalDialog } from '../../../components/ModalDialog';
import { useRotateSecret } from './mutations';
import { SecretDialog } from './SecretDialog';

interface RotateSecretDialogProps {
  webhook: WebhookResponse;
  onClose: () => void;
}

/** Asks before replacing the secret (the receiver must take the new one), then shows it once. */
export function RotateSecretDialog({ webhook, onClose }: RotateSecretDialogProps) {
  const rotate = useRotateSecret();
  if (rotate.data) {
    return (
      <SecretDialog
        title="New secret"
        webhookName={webhook.webhookName}
        secret={rotate.data.secret}
        onClose={onClose}
        fallbackFocus={() =>
          document.querySelector<HTMLElement>('[data-testid="webhook-rotate-secret"]')
        }
      />
    );
  }
  return (
    <ModalDialog labelledBy="rotate-secret-title" testId="rotate-secret-dialog" onClose={onClose}>
      <div className="modal-body">
        <h2 id="rotate-secret-title">Rotate the secret of “{webhook.webhookName}”?</h2>
        <p>
          The next requests are signed with a new secret, shown once. Until the receiver has it, it
          will refuse them.
        </p>
        {rotate.error ? (
          <ErrorMessage error={rotate.error} title="The secret was not changed" />
        ) : null}
      </div>
      <div className="modal-actions">
        <button type="button" className="button" autoFocus onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(webhook.id)}
          data-testid="rotate-secret-ok"
        >
          {rotate.isPending ? 'Rotating…' : 'Rotate secret'}
        </button>
      </div>
    </ModalDialog>
  );
}
