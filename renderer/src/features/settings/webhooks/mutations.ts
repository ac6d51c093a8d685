import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookOptions,
  WebhookResponse,
  WebhookUpdateRequest,
} from '../../../../../shared/api/webhooks';
import { getBridge } from '../../../bridge';
import { webhookQueries } from '../../../queries/webhooks';

/** Shows the webhook's new state at once; the list is read again. */
function useStoreWebhook() {
  const queryClient = useQueryClient();
  return (webhook: WebhookResponse) => {
    // The create and rotate answers carry the secret: it stays out of the cache.
    const { id, webhookName, webhookUrl, eventType, enabled, disabledReason, failingSince } =
      webhook;
    queryClient.setQueryData(webhookQueries.detail(id).queryKey, {
      id,
      webhookName,
      webhookUrl,
      eventType,
      enabled,
      disabledReason,
      failingSince,
    });
    void queryClient.invalidateQueries({ queryKey: webhookQueries.list().queryKey });
  };
}

/** The answer carries the secret, shown once by the caller and kept nowhere else. */
export function useCreateWebhook() {
  const storeWebhook = useStoreWebhook();
  return useMutation({
    mutationFn: (input: CreateWebhookOptions) => getBridge().webhooks.create(input),
    onSuccess: storeWebhook,
    gcTime: 0,
  });
}

export function useUpdateWebhook() {
  const storeWebhook = useStoreWebhook();
  return useMutation({
    mutationFn: (input: { id: number } & WebhookUpdateRequest) =>
      getBridge().webhooks.update(input),
    onSuccess: storeWebhook,
  });
}

export function useRotateSecret() {
  return useMutation({
    mutationFn: (id: number) => getBridge().webhooks.rotateSecret({ id }),
    // The answer is the secret: dropped from the mutation cache as soon as its dialog closes.
    gcTime: 0,
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => getBridge().webhooks.delete({ id }),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: webhookQueries.detail(id).queryKey });
      queryClient.removeQueries({ queryKey: webhookQueries.deliveries(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: webhookQueries.list().queryKey });
    },
  });
}

/** A test event or a redelivery: a new pending delivery, so the log is read again (and polls). */
function useNewDelivery<I>(send: (input: I) => Promise<unknown>, webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: webhookQueries.deliveries(webhookId).queryKey,
      }),
  });
}

export const useSendTestEvent = (webhookId: number) =>
  useNewDelivery<void>(() => getBridge().webhooks.test({ id: webhookId }), webhookId);

export const useRedeliver = (webhookId: number) =>
  useNewDelivery(
    (deliveryId: number) => getBridge().webhooks.redeliver({ id: webhookId, deliveryId }),
    webhookId,
  );
