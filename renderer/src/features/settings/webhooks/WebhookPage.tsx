import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { webhookQueries } from '../../../queries/webhooks';
import { DeliveryLog } from './DeliveryLog';
import { webhookHref } from './use-webhook-route';
import { healthText, webhookEvents, webhookHealth } from './webhook-format';
import { WebhookActions } from './WebhookActions';
import './webhooks.css';

/** One webhook: where it sends what, its state, what can be done with it, and its delivery log. */
export function WebhookPage({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const webhook = useQuery(webhookQueries.detail(id));
  const logReadAt = useQuery(webhookQueries.deliveries(id)).dataUpdatedAt;
  // Attempts change the webhook too (failing since, disabled): read it again with each log,
  // and the list when it next shows.
  useEffect(() => {
    if (!logReadAt) return;
    void queryClient.invalidateQueries({ queryKey: webhookQueries.detail(id).queryKey });
    void queryClient.invalidateQueries({ queryKey: webhookQueries.list().queryKey });
  }, [queryClient, id, logReadAt]);
  const data = webhook.data;
  return (
    <section className="view" data-testid="view-settings">
      <p>
        <a href={webhookHref(null)} data-testid="webhook-back">
          ← Settings
        </a>
      </p>
      <header className="view-header">
        <div>
          <h1 data-testid="webhook-title">{data ? data.webhookName : 'Webhook'}</h1>
          <p className="view-lead">Where it sends what, and how the sending went.</p>
        </div>
      </header>
      {webhook.isPending ? <p className="muted">Loading the webhook…</p> : null}
      {webhook.isError ? (
        <ErrorMessage
          error={webhook.error}
          title="Could not load the webhook"
          testId="webhook-error"
          onRetry={() => void webhook.refetch()}
        />
      ) : null}
      {data ? (
        <section className="card" aria-labelledby="webhook-facts-heading" data-testid="webhook">
          <h2 id="webhook-facts-heading">Webhook</h2>
          <dl className="facts">
            <dt>Address</dt>
            <dd className="webhook-url-cell">{data.webhookUrl}</dd>
            <dt>Events</dt>
            <dd data-testid="webhook-events-summary">{webhookEvents(data)}</dd>
            <dt>State</dt>
            <dd data-health={webhookHealth(data)} data-testid="webhook-state">
              {healthText(data)}
            </dd>
          </dl>
          <WebhookActions webhook={data} />
        </section>
      ) : null}
      {data ? <DeliveryLog webhookId={id} isEnabled={data.enabled} /> : null}
    </section>
  );
}
