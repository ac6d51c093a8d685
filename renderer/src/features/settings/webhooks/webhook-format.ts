import type {
  WebhookDelivery,
  WebhookDeliveryState,
  WebhookResponse,
} from '../../../../../shared/api/webhooks';
import { eventLabel, sortedEvents } from './webhook-form';

/** A moment as the user's local date and time, or an en dash for none. */
export function formatMoment(iso: string | null): string {
  if (!iso) return '–';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** `120 ms`, `1.5 s`; an en dash when nothing was measured. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export const DELIVERY_STATE_LABELS: Record<WebhookDeliveryState, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** The receiver's answer: `200`, or why none came. */
export function deliveryResult(delivery: WebhookDelivery): string {
  if (delivery.lastStatus !== null) return String(delivery.lastStatus);
  return delivery.attempts === 0 ? 'Not sent yet' : 'No answer';
}

export const webhookEvents = (webhook: WebhookResponse): string =>
  sortedEvents(webhook.eventType).map(eventLabel).join(', ');

export type WebhookHealth = 'enabled' | 'failing' | 'disabled';

export function webhookHealth(webhook: WebhookResponse): WebhookHealth {
  if (!webhook.enabled) return 'disabled';
  return webhook.failingSince ? 'failing' : 'enabled';
}

/** The webhook's state in words, as the list and its page say it. */
export function healthText(webhook: WebhookResponse): string {
  const health = webhookHealth(webhook);
  if (health === 'disabled') {
    return `Disabled: ${webhook.disabledReason ?? 'turned off'}`;
  }
  if (health === 'failing') return `Failing since ${formatMoment(webhook.failingSince)}`;
  return 'Enabled';
}
