import { useState } from 'react';
import type { WebhookResponse } from '../../../../../shared/api/webhooks';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { useDeleteWebhook, useSendTestEvent, useUpdateWebhook } from './mutations';
import { RotateSecretDialog } from './RotateSecretDialog';
import { useWebhookRoute } from './use-webhook-route';
import { WebhookFormDialog } from './WebhookFormDialog';

type Dialog = 'edit' | 'rotate' | 'delete' | null;

/** Enable again, send a test event, edit, rotate the secret, delete (after asking). */
export function WebhookActions({ webhook }: { webhook: WebhookResponse }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [, openWebhook] = useWebhookRoute();
  const enable = useUpdateWebhook();
  const test = useSendTestEvent(webhook.id);
  const remove = useDeleteWebhook();
  const close = () => setDialog(null);
  return (
    <>
      {!webhook.enabled ? (
        <div className="notice notice-warning" data-testid="webhook-disabled">
          <p className="notice-title">Nothing is sent to this webhook</p>
          <p>{webhook.disabledReason ?? 'It was turned off.'}</p>
          <div className="notice-actions">
            <button
              type="button"
              className="button button-small"
              disabled={enable.isPending}
              onClick={() => enable.mutate({ id: webhook.id, enabled: true })}
              data-testid="webhook-enable"
            >
              {enable.isPending ? 'Enabling…' : 'Enable again'}
            </button>
          </div>
        </div>
      ) : null}
      {enable.error ? (
        <ErrorMessage error={enable.error} title="The webhook was not enabled" />
      ) : null}
      <div className="webhook-actions" role="group" aria-label="Webhook actions">
        <button
          type="button"
          className="button button-primary"
          disabled={test.isPending || !webhook.enabled}
          onClick={() => test.mutate()}
          data-testid="webhook-test"
        >
          {test.isPending ? 'Sending…' : 'Send test event'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => setDialog('edit')}
          data-testid="webhook-edit"
        >
          Edit…
        </button>
        <button
          type="button"
          className="button"
          onClick={() => setDialog('rotate')}
          data-testid="webhook-rotate-secret"
        >
          Rotate secret…
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => setDialog('delete')}
          data-testid="webhook-delete"
        >
          Delete…
        </button>
      </div>
      <p className="muted" role="status" data-testid="webhook-test-status">
        {test.isSuccess ? 'Test event queued: its delivery shows in the log below.' : null}
      </p>
      {test.error ? <ErrorMessage error={test.error} title="The test event was not sent" /> : null}
      {dialog === 'edit' ? <WebhookFormDialog webhook={webhook} onClose={close} /> : null}
      {dialog === 'rotate' ? <RotateSecretDialog webhook={webhook} onClose={close} /> : null}
      {dialog === 'delete' ? (
        <ConfirmDeleteDialog
          testId="delete-webhook-dialog"
          title={`Delete “${webhook.webhookName}”?`}
          confirmLabel="Delete webhook"
          onConfirm={() => remove.mutate(webhook.id, { onSuccess: () => openWebhook(null) })}
          onClose={close}
          isPending={remove.isPending}
          error={remove.error}
          errorTitle="The webhook was not deleted"
        >
          <p>
            Nothing more is sent to {webhook.webhookUrl}, including deliveries still pending. Its
            delivery log goes with it. This cannot be undone.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
