import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../../../shared/api/webhooks';
import { EVENT_LABELS, sortedEvents } from './webhook-form';

interface EventsFieldProps {
  value: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  error?: string;
}

/** One checkbox per event the webhook can be sent; the group says what is wrong, if anything. */
export function EventsField({ value, onChange, error }: EventsFieldProps) {
  const toggle = (type: WebhookEventType, isChecked: boolean) =>
    onChange(sortedEvents(isChecked ? [...value, type] : value.filter((t) => t !== type)));
  return (
    <fieldset
      className="choice-group webhook-events"
      id="webhook-events"
      aria-describedby={error ? 'webhook-events-error' : undefined}
      data-testid="webhook-events"
    >
      <legend>Events to send</legend>
      {WEBHOOK_EVENT_TYPES.map((type) => (
        <label key={type} className="choice">
          <input
            type="checkbox"
            id={`webhook-event-${type}`}
            checked={value.includes(type)}
            onChange={(event) => toggle(type, event.target.checked)}
            aria-describedby={`webhook-event-${type}-help`}
            data-testid={`webhook-event-${type}`}
          />
          <span>
            <span className="choice-label">{EVENT_LABELS[type].label}</span>
            <span className="choice-help" id={`webhook-event-${type}-help`}>
              {EVENT_LABELS[type].help} <code>{type}</code>
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p className="field-error" id="webhook-events-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
