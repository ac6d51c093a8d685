import { describe, expect, it } from 'vitest';
import { sampleWebhook } from './sample-webhooks';
import { changedFields, createBodyOf, validateWebhookForm, webhookFormOf } from './webhook-form';

const form = (patch = {}) => ({
  name: 'CMS',
  url: 'https://cms.example.com/hooks',
  events: ['PROJECT_UPDATE' as const],
  ...patch,
});

describe('the webhook form', () => {
  it('says in words what is wrong with the address', () => {
    expect(validateWebhookForm(form())).toEqual({});
    expect(validateWebhookForm(form({ url: '  ' })).url).toBe(
      'Give the address the events are sent to.',
    );
    expect(validateWebhookForm(form({ url: 'cms.example.com' })).url).toBe(
      '“cms.example.com” is not a web address; write it in full, such as https://example.com/hooks.',
    );
    expect(validateWebhookForm(form({ url: 'mailto:a@example.com' })).url).toBe(
      'The address must start with http:// or https://.',
    );
    expect(validateWebhookForm(form({ url: `https://e.com/${'a'.repeat(2100)}` })).url).toBe(
      'Keep the address to 2048 characters.',
    );
    expect(validateWebhookForm(form({ name: ' ', events: [] }))).toEqual({
      name: 'Give the webhook a name.',
      events: 'Choose at least one event to send.',
    });
  });

  it('sends trimmed fields, events in one order, and only what an edit changed', () => {
    expect(
      createBodyOf(form({ name: ' CMS ', events: ['JOB_DELIVER', 'PROJECT_UPDATE'] })),
    ).toEqual({
      webhookName: 'CMS',
      webhookUrl: 'https://cms.example.com/hooks',
      eventType: ['PROJECT_UPDATE', 'JOB_DELIVER'],
    });
    // The server's order of the same events is no change.
    const webhook = sampleWebhook({ eventType: ['PROJECT_DELIVER', 'PROJECT_UPDATE'] });
    expect(changedFields(webhook, webhookFormOf(webhook))).toEqual({});
    const edited = { ...webhookFormOf(webhook), url: ' http://127.0.0.1:9000/other ' };
    expect(changedFields(webhook, edited)).toEqual({ webhookUrl: 'http://127.0.0.1:9000/other' });
  });
});
