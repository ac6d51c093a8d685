import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
  type CreateWebhookOptions,
  type WebhookResponse,
  type WebhookUpdateRequest,
} from '../../../../../shared/api/webhooks';

/** What each event means, as the checkboxes and the list say it. */
export const EVENT_LABELS: Record<WebhookEventType, { label: string; help: string }> = {
  PROJECT_UPDATE: { label: 'Project changed', help: 'Renamed, moved to another state, archived.' },
  PROJECT_DELIVER: { label: 'Project delivered', help: 'Moved to done.' },
  JOB_UPDATE: { label: 'Job changed', help: 'Created, renamed, archived, reactivated.' },
  JOB_DELIVER: { label: 'Job delivered', help: 'Every project of the job is done.' },
  FILE_TRANSLATION_UPDATE: {
    label: 'File translation changed',
    help: 'Ready for download, completed, or failed.',
  },
  DOCUMENT_UPDATE: { label: 'Document pretranslated', help: 'Its pretranslation finished.' },
};

/** `WEBHOOK_TEST` and any type this app does not know yet read as themselves. */
export const eventLabel = (type: string): string =>
  type === 'WEBHOOK_TEST' ? 'Test event' : (EVENT_LABELS[type as WebhookEventType]?.label ?? type);

export interface WebhookFormValues {
  name: string;
  url: string;
  events: WebhookEventType[];
}

export type WebhookFormErrors = Partial<Record<keyof WebhookFormValues, string>>;

export const emptyWebhookForm = (): WebhookFormValues => ({
  name: '',
  url: '',
  events: ['PROJECT_UPDATE'],
});

export const webhookFormOf = (webhook: WebhookResponse): WebhookFormValues => ({
  name: webhook.webhookName,
  url: webhook.webhookUrl,
  events: sortedEvents(webhook.eventType),
});

/** The form's problems in words; empty when it can be sent. */
export function validateWebhookForm(values: WebhookFormValues): WebhookFormErrors {
  const errors: WebhookFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Give the webhook a name.';
  else if (name.length > 255) errors.name = 'Keep the name to 255 characters.';
  const url = urlProblem(values.url.trim());
  if (url) errors.url = url;
  if (values.events.length === 0) errors.events = 'Choose at least one event to send.';
  return errors;
}

function urlProblem(url: string): string | null {
  if (!url) return 'Give the address the events are sent to.';
  if (url.length > WEBHOOK_URL_MAX) return `Keep the address to ${WEBHOOK_URL_MAX} characters.`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `“${url}” is not a web address; write it in full, such as https://example.com/hooks.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return 'The address must start with http:// or https://.';
  }
  return null;
}

/** The events in the order the checkboxes show them, each once. */
export const sortedEvents = (events: readonly WebhookEventType[]): WebhookEventType[] =>
  WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));

/** The create body of a valid form: trimmed. */
export const createBodyOf = (values: WebhookFormValues): CreateWebhookOptions => ({
  webhookName: values.name.trim(),
  webhookUrl: values.url.trim(),
  eventType: sortedEvents(values.events),
});

/** Only what the form changed on the webhook (the PUT changes only the fields present). */
export function changedFields(
  webhook: WebhookResponse,
  values: WebhookFormValues,
): WebhookUpdateRequest {
  const before = createBodyOf(webhookFormOf(webhook));
  const after = createBodyOf(values);
  return {
    ...(after.webhookName !== before.webhookName ? { webhookName: after.webhookName } : {}),
    ...(after.webhookUrl !== before.webhookUrl ? { webhookUrl: after.webhookUrl } : {}),
    ...(after.eventType.join() !== before.eventType.join() ? { eventType: after.eventType } : {}),
  };
}
