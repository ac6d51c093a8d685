import { randomBytes } from 'node:crypto';
import type {
  CreateWebhookOptions,
  WebhookResponse,
  WebhookUpdateRequest,
  WebhookWithSecret,
} from '../../shared/api/webhooks';
import type { KeyOwner } from '../db/keys';
import type { Queryable, Storage } from '../db/storage';
import { badRequest, notFound } from '../http/http-error';
import { deliveryLogQueries } from './delivery-log-queries';
import { wakeAfterCommit } from './outbox';
import { webhookQueries, type WebhookConfigurationChange } from './queries';
import { webhookWire } from './wire';

/** Said by the delivery log of a configuration turned off with `enabled: false`. */
export const DISABLED_BY_HAND = 'disabled with enabled: false';
const DELETED = 'the webhook was deleted';

export const webhookNotFound = (id: number) => notFound(`Webhook ${id} not found`);

/** A new signing secret: `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** 400 unless `url` is an absolute http or https URL with a host. */
export function checkWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(`webhookUrl: "${url.slice(0, 100)}" is not an absolute URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw badRequest(`webhookUrl: must be http or https, not ${parsed.protocol.slice(0, -1)}`);
  }
  if (parsed.hostname === '') throw badRequest('webhookUrl: must name a host');
  return url;
}

const uniqueTypes = (types: string[]) => [...new Set(types)];

/**
 * Webhook configurations (API.md 4.5) of the caller's organization. Another organization's ids,
 * and deleted ones, answer 404. Each change is one transaction that re-reads what it changes.
 */
export function createWebhookService(storage: Storage) {
  const locked = async (tx: Queryable, caller: KeyOwner, id: number) => {
    const row = await webhookQueries(tx).get(caller.orgId, id, storage.dialect === 'postgres');
    if (!row) throw webhookNotFound(id);
    return row;
  };
  const read = async (tx: Queryable, caller: KeyOwner, id: number) => {
    const row = await webhookQueries(tx).get(caller.orgId, id);
    if (!row) throw webhookNotFound(id);
    return row;
  };

  return {
    async list(caller: KeyOwner): Promise<WebhookResponse[]> {
      return (await webhookQueries(storage.db).list(caller.orgId)).map(webhookWire);
    },

    async get(caller: KeyOwner, id: number): Promise<WebhookResponse> {
      return webhookWire(await read(storage.db, caller, id));
    },

    /** Answers the secret this once (our extension); later reads never show it. */
    async create(caller: KeyOwner, options: CreateWebhookOptions): Promise<WebhookWithSecret> {
      const url = checkWebhookUrl(options.webhookUrl);
      const secret = newSecret();
      const row = await storage.transaction(async (tx) => {
        const id = await webhookQueries(tx).insert({
          orgId: caller.orgId,
          name: options.webhookName,
          url,
          eventTypes: uniqueTypes(options.eventType),
          secret,
          now: Date.now(),
        });
        return read(tx, caller, id);
      });
      return { ...webhookWire(row), secret };
    },

    /** Only the fields present change; `enabled: false` fails the pending deliveries. */
    async update(
      caller: KeyOwner,
      id: number,
      request: WebhookUpdateRequest,
    ): Promise<WebhookResponse> {
      if (Object.keys(request).length === 0) {
        throw badRequest(
          'body: nothing to change: give webhookName, webhookUrl, eventType or enabled',
        );
      }
      if (request.webhookUrl !== undefined) checkWebhookUrl(request.webhookUrl);
      const change: WebhookConfigurationChange = {
        name: request.webhookName,
        url: request.webhookUrl,
        eventTypes: request.eventType && uniqueTypes(request.eventType),
      };
      return storage.transaction(async (tx) => {
        const row = await locked(tx, caller, id);
        const now = Date.now();
        const wasEnabled = row.disabled_at === null;
        if (request.enabled === true && !wasEnabled) {
          change.disabledReason = null;
          // Deliveries queued later, or redelivered, go out without waiting for the next poll.
          wakeAfterCommit(storage, tx, { orgId: caller.orgId, configurationIds: [id] });
        }
        if (request.enabled === false && wasEnabled) {
          change.disabledReason = DISABLED_BY_HAND;
          await deliveryLogQueries(tx).failPending(id, DISABLED_BY_HAND, now);
        }
        await webhookQueries(tx).change(id, change, now);
        return webhookWire(await read(tx, caller, id));
      });
    },

    /** Soft delete: 404 from then on; its pending deliveries fail and are never sent. */
    async remove(caller: KeyOwner, id: number): Promise<void> {
      await storage.transaction(async (tx) => {
        await locked(tx, caller, id);
        const now = Date.now();
        await deliveryLogQueries(tx).failPending(id, DELETED, now);
        await webhookQueries(tx).markDeleted(id, now);
      });
    },

    /** Our extension: a new secret, answered once; deliveries sent from now on are signed with it. */
    async rotateSecret(caller: KeyOwner, id: number): Promise<WebhookWithSecret> {
      const secret = newSecret();
      const row = await storage.transaction(async (tx) => {
        await locked(tx, caller, id);
        await webhookQueries(tx).setSecret(id, secret, Date.now());
        return read(tx, caller, id);
      });
      return { ...webhookWire(row), secret };
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
