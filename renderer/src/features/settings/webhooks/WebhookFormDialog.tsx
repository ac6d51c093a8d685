import { useState, type FormEvent } from 'react';
import type { WebhookResponse, WebhookWithSecret } from '../../../../../shared/api/webhooks';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { ModalDialog } from '../../../components/ModalDialog';
import { TextField } from '../../../components/TextField';
import { EventsField } from './EventsField';
import { useCreateWebhook, useUpdateWebhook } from './mutations';
import {
  changedFields,
  createBodyOf,
  emptyWebhookForm,
  validateWebhookForm,
  webhookFormOf,
  type WebhookFormErrors,
  type WebhookFormValues,
} from './webhook-form';

type WebhookFormDialogProps = { onClose: () => void } & (
  | { webhook?: undefined; onCreated: (webhook: WebhookWithSecret) => void }
  | { webhook: WebhookResponse; onCreated?: undefined }
);

/** Where the focus goes for each field's problem, first wrong one first. */
const FIELD_IDS: Record<keyof WebhookFormValues, string> = {
  name: 'webhook-name',
  url: 'webhook-url',
  events: 'webhook-event-PROJECT_UPDATE',
};

/** New webhook (name, address, events), or an existing one's edit: only what changed is sent. */
export function WebhookFormDialog({ webhook, onClose, onCreated }: WebhookFormDialogProps) {
  const [values, setValues] = useState<WebhookFormValues>(() =>
    webhook ? webhookFormOf(webhook) : emptyWebhookForm(),
  );
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = webhook ? update : create;
  const change = (patch: Partial<WebhookFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateWebhookForm(values);
    setErrors(problems);
    const first = (Object.keys(FIELD_IDS) as (keyof WebhookFormValues)[]).find((f) => problems[f]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    if (!webhook) {
      create.mutate(createBodyOf(values), { onSuccess: (created) => onCreated?.(created) });
      return;
    }
    update.mutate({ id: webhook.id, ...changedFields(webhook, values) }, { onSuccess: onClose });
  };

  const isUnchanged =
    webhook !== undefined && Object.keys(changedFields(webhook, values)).length === 0;
  const title = webhook ? `Edit “${webhook.webhookName}”` : 'New webhook';
  return (
    <ModalDialog
      labelledBy="webhook-form-title"
      testId="webhook-form-dialog"
      onClose={onClose}
      className="modal-form"
    >
      <form className="form" onSubmit={send} noValidate>
        <div className="modal-body">
          <h2 id="webhook-form-title">{title}</h2>
          <TextField
            id="webhook-name"
            label="Name"
            value={values.name}
            onValue={(name) => change({ name })}
            error={errors.name}
            help="What the receiver is, such as “CMS” or “Billing”."
            maxLength={255}
            autoFocus
            testId="webhook-name"
          />
          <TextField
            id="webhook-url"
            type="url"
            label="Address (URL)"
            value={values.url}
            onValue={(url) => change({ url })}
            error={errors.url}
            help="Events are sent here with POST, signed with the webhook's secret."
            placeholder="https://example.com/hooks/wordbench"
            testId="webhook-url"
          />
          <EventsField
            value={values.events}
            onChange={(events) => change({ events })}
            error={errors.events}
          />
          {saving.error ? (
            <ErrorMessage
              error={saving.error}
              title={webhook ? 'The webhook was not changed' : 'The webhook was not created'}
              testId="webhook-form-error"
            />
          ) : null}
        </div>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={saving.isPending || isUnchanged}
            data-testid="webhook-form-save"
          >
            {saving.isPending ? 'Saving…' : webhook ? 'Save changes' : 'Create webhook'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
