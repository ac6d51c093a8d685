import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookWithSecret } from '../../../../../shared/api/webhooks';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { webhookQueries } from '../../../queries/webhooks';
import { SecretDialog } from './SecretDialog';
import { healthText, webhookEvents, webhookHealth } from './webhook-format';
import { WebhookFormDialog } from './WebhookFormDialog';
import { webhookHref } from './use-webhook-route';
import './webhooks.css';

/** Settings' list of webhooks: what is sent where, each linked to its page and delivery log. */
export function WebhooksSection() {
  const webhooks = useQuery(webhookQueries.list());
  const [isCreating, setIsCreating] = useState(false);
  // Held only while its dialog is open: the secret is shown once and kept nowhere.
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  return (
    <section className="card" aria-labelledby="webhooks-heading" data-testid="webhooks">
      <div className="card-heading">
        <h2 id="webhooks-heading">Webhooks</h2>
        <button
          type="button"
          className="button button-small"
          onClick={() => setIsCreating(true)}
          data-testid="webhook-new"
        >
          New webhook
        </button>
      </div>
      <p className="muted">
        The server posts signed events (a project delivered, a job changed…) to the addresses here,
        retrying for a day when a receiver is down.
      </p>
      {webhooks.isPending ? <p className="muted">Loading the webhooks…</p> : null}
      {webhooks.isError ? (
        <ErrorMessage
          error={webhooks.error}
          title="Could not load the webhooks"
          onRetry={() => void webhooks.refetch()}
        />
      ) : null}
      {webhooks.data?.length === 0 ? (
        <EmptyState title="No webhooks yet" testId="webhooks-empty">
          Add one with New webhook to have another tool hear of changes as they happen.
        </EmptyState>
      ) : null}
      {webhooks.data?.length ? (
        <table className="webhook-table" data-testid="webhook-list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Events</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {webhooks.data.map((webhook) => (
              <tr key={webhook.id} data-testid="webhook-row" data-webhook-id={webhook.id}>
                <th scope="row">
                  <a href={webhookHref(webhook.id)} data-testid="webhook-open">
                    {webhook.webhookName}
                  </a>
                </th>
                <td className="webhook-url-cell">{webhook.webhookUrl}</td>
                <td>{webhookEvents(webhook)}</td>
                <td data-health={webhookHealth(webhook)} data-testid="webhook-health">
                  {healthText(webhook)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {isCreating ? (
        <WebhookFormDialog
          onClose={() => setIsCreating(false)}
          onCreated={(webhook) => {
            setIsCreating(false);
            setCreated(webhook);
          }}
        />
      ) : null}
      {created ? (
        <SecretDialog
          title="Webhook created"
          webhookName={created.webhookName}
          secret={created.secret}
          onClose={() => setCreated(null)}
          fallbackFocus={() => document.querySelector<HTMLElement>('[data-testid="webhook-new"]')}
        />
      ) : null}
    </section>
  );
}
