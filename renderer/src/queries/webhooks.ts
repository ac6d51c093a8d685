import { queryOptions } from '@tanstack/react-query';
import type { WebhookDelivery } from '../../../shared/api/webhooks';
import { getBridge } from '../bridge';

/** While a delivery is pending, the log is read again this often. */
export const DELIVERY_POLL_MS = 2000;
/** How many recent deliveries the log shows. */
export const DELIVERY_LOG_SIZE = 25;

export const hasPendingDelivery = (deliveries: readonly WebhookDelivery[]): boolean =>
  deliveries.some((delivery) => delivery.state === 'pending');

/** The organization's webhooks, one webhook, and its recent deliveries. */
export const webhookQueries = {
  all: ['webhooks'] as const,
  list: () =>
    queryOptions({
      queryKey: [...webhookQueries.all, 'list'] as const,
      queryFn: () => getBridge().webhooks.list(),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...webhookQueries.all, 'detail', id] as const,
      queryFn: () => getBridge().webhooks.get({ id }),
    }),
  deliveries: (id: number) =>
    queryOptions({
      queryKey: [...webhookQueries.all, 'deliveries', id] as const,
      queryFn: () => getBridge().webhooks.deliveries({ id, limit: DELIVERY_LOG_SIZE }),
      // A pending delivery turns delivered or failed (or retries) without the page doing anything.
      refetchInterval: (query) =>
        query.state.data && hasPendingDelivery(query.state.data) ? DELIVERY_POLL_MS : false,
    }),
};
