import type { WebhookDelivery } from '../../../../../shared/api/webhooks';
import { formatDuration, formatMoment } from './webhook-format';

/** A delivery's attempt count, unfolding into its recent attempts (newest first). */
export function AttemptList({ delivery }: { delivery: WebhookDelivery }) {
  const count = delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`;
  if (delivery.attemptLog.length === 0) return <>{count}</>;
  return (
    <details className="attempt-list" data-testid="delivery-attempts">
      <summary>{count}</summary>
      <ol>
        {delivery.attemptLog.map((attempt) => (
          <li key={attempt.id}>
            {formatMoment(attempt.attemptedAt)}: {attempt.status ?? 'no answer'},{' '}
            {formatDuration(attempt.durationMs)}
            {attempt.error ? `, ${attempt.error}` : ''}
            {attempt.nextAttemptAt ? `; next try ${formatMoment(attempt.nextAttemptAt)}` : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}
