import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { hasPendingDelivery, webhookQueries } from '../../../queries/webhooks';
import { AttemptList } from './AttemptList';
import { useRedeliver } from './mutations';
import {
  DELIVERY_STATE_LABELS,
  deliveryResult,
  formatDuration,
  formatMoment,
} from './webhook-format';
import { eventLabel } from './webhook-form';

/**
 * The webhook's recent deliveries, newest first: what was sent, how the receiver answered, and
 * when the next try is due. Read again every few seconds while one is pending.
 */
export function DeliveryLog({ webhookId, isEnabled }: { webhookId: number; isEnabled: boolean }) {
  const deliveries = useQuery(webhookQueries.deliveries(webhookId));
  const redeliver = useRedeliver(webhookId);
  const isWatching = deliveries.data ? hasPendingDelivery(deliveries.data) : false;
  return (
    <section className="card" aria-labelledby="delivery-log-heading" data-testid="delivery-log">
      <div className="card-heading">
        <h2 id="delivery-log-heading">Delivery log</h2>
        <button
          type="button"
          className="button button-small"
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
          data-testid="delivery-log-refresh"
        >
          {deliveries.isFetching ? 'Loading…' : 'Refresh'}
        </button>
      </div>
      <p className="muted" role="status" data-testid="delivery-log-status">
        {isWatching ? 'Deliveries are pending: this log refreshes by itself until they end.' : null}
      </p>
      {deliveries.isPending ? <p className="muted">Loading the deliveries…</p> : null}
      {deliveries.isError ? (
        <ErrorMessage
          error={deliveries.error}
          title="Could not load the deliveries"
          onRetry={() => void deliveries.refetch()}
        />
      ) : null}
      {redeliver.error ? (
        <ErrorMessage
          error={redeliver.error}
          title="The event was not sent again"
          testId="redeliver-error"
        />
      ) : null}
      {deliveries.data?.length === 0 ? (
        <EmptyState title="Nothing sent yet" testId="delivery-log-empty">
          Deliveries show here as events happen. Send a test event to try the receiver now.
        </EmptyState>
      ) : null}
      {deliveries.data?.length ? (
        <div className="delivery-table-scroll">
          <table className="delivery-table" data-testid="delivery-list">
            <caption className="visually-hidden">Recent deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">State</th>
                <th scope="col">Response</th>
                <th scope="col">Duration</th>
                <th scope="col">Attempts</th>
                <th scope="col">Error</th>
                <th scope="col">Next attempt</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((delivery) => (
                <tr
                  key={delivery.id}
                  data-testid="delivery-row"
                  data-delivery-id={delivery.id}
                  data-state={delivery.state}
                >
                  <th scope="row" data-testid="delivery-event">
                    {eventLabel(delivery.eventType)}
                  </th>
                  <td data-testid="delivery-state">{DELIVERY_STATE_LABELS[delivery.state]}</td>
                  <td data-testid="delivery-status">{deliveryResult(delivery)}</td>
                  <td>{formatDuration(delivery.lastDurationMs)}</td>
                  <td>
                    <AttemptList delivery={delivery} />
                  </td>
                  <td className="delivery-error" data-testid="delivery-error">
                    {delivery.lastError ?? '–'}
                  </td>
                  <td>
                    {delivery.state === 'pending' ? formatMoment(delivery.nextAttemptAt) : '–'}
                  </td>
                  <td>{formatMoment(delivery.createdAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-small"
                      // A disabled webhook sends nothing: enable it first (the server says 409).
                      disabled={redeliver.isPending || !isEnabled}
                      onClick={() => redeliver.mutate(delivery.id)}
                      aria-label={`Redeliver ${eventLabel(delivery.eventType)} of ${formatMoment(delivery.createdAt)}`}
                      data-testid="delivery-redeliver"
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
