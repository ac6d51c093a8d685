import type { WebhookDelivery, WebhookResponse } from '../../../../../shared/api/webhooks';
import type { IpcError, IpcResult } from '../../../../../shared/ipc/errors';

/** A webhook as the API answers it, for the component tests. */
export const sampleWebhook = (patch: Partial<WebhookResponse> = {}): WebhookResponse => ({
  id: 3,
  webhookName: 'CMS',
  webhookUrl: 'http://127.0.0.1:9000/hooks',
  eventType: ['PROJECT_UPDATE', 'PROJECT_DELIVER'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  ...patch,
});

export const sampleDelivery = (patch: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 10,
  eventId: 7,
  eventType: 'PROJECT_UPDATE',
  messageId: 'msg_abc',
  state: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  lastDurationMs: 42,
  nextAttemptAt: null,
  createdAt: '2026-11-27T05:00:00.000Z',
  finishedAt: '2026-11-27T05:00:00.050Z',
  attemptLog: [],
  ...patch,
});

type Answer = unknown;

/**
 * Answers the test bridge's calls by channel: a value, or a function of the input (which may
 * throw an IpcError to fail the call). Channels without an answer fail the test loudly.
 */
export function answerBy(answers: Record<string, Answer>) {
  return async (channel: string, input: unknown): Promise<IpcResult<unknown>> => {
    if (!(channel in answers)) throw new Error(`unexpected ${channel}`);
    const answer = answers[channel];
    try {
      const value =
        typeof answer === 'function'
          ? await (answer as (input: unknown) => unknown)(input)
          : answer;
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error: error as IpcError };
    }
  };
}
