import type { Queryable } from '../db/storage';

/** A row of `webhook_configurations` as both backends answer it (times in epoch ms). */
export interface WebhookConfigurationRow {
  id: number;
  org_id: number;
  name: string;
  url: string;
  /** JSON array text of event type names. */
  event_types: string;
  secret: string;
  disabled_at: number | null;
  disabled_reason: string | null;
  failing_since: number | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface NewWebhookConfiguration {
  orgId: number;
  name: string;
  url: string;
  eventTypes: string[];
  secret: string;
  now: number;
}

/** What a PUT may change; absent fields stay. `enabled` clears or sets the disabled state. */
export interface WebhookConfigurationChange {
  name?: string;
  url?: string;
  eventTypes?: string[];
  /** `null` enables (and forgets the failing run); a reason disables. */
  disabledReason?: string | null;
}

const COLUMNS = [
  'id',
  'org_id',
  'name',
  'url',
  'event_types',
  'secret',
  'disabled_at',
  'disabled_reason',
  'failing_since',
  'deleted_at',
  'created_at',
  'updated_at',
] as const;

/**
 * The organizations' webhook configurations. Deleted ones (`deleted_at`) are invisible here:
 * every read filters them out. `db` is the storage's handle or an open transaction.
 */
export function webhookQueries(db: Queryable) {
  const visible = (orgId: number) =>
    db
      .selectFrom('webhook_configurations')
      .select(COLUMNS)
      .where('org_id', '=', orgId)
      .where('deleted_at', 'is', null);

  return {
    async insert(config: NewWebhookConfiguration): Promise<number> {
      const row = await db
        .insertInto('webhook_configurations')
        .values({
          org_id: config.orgId,
          name: config.name,
          url: config.url,
          event_types: JSON.stringify(config.eventTypes),
          secret: config.secret,
          created_at: config.now,
          updated_at: config.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The organization's configuration; `lock` keeps its row locked (PostgreSQL only) to the end. */
    async get(orgId: number, id: number, lock = false): Promise<WebhookConfigurationRow | null> {
      const query = visible(orgId).where('id', '=', id);
      return (await (lock ? query.forUpdate() : query).executeTakeFirst()) ?? null;
    },

    /** All of the organization's configurations, oldest first. */
    async list(orgId: number): Promise<WebhookConfigurationRow[]> {
      return visible(orgId).orderBy('id').execute();
    },

    async change(id: number, change: WebhookConfigurationChange, now: number): Promise<void> {
      const enabling = change.disabledReason === null;
      await db
        .updateTable('webhook_configurations')
        .set({
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.url === undefined ? {} : { url: change.url }),
          ...(change.eventTypes === undefined
            ? {}
            : { event_types: JSON.stringify(change.eventTypes) }),
          ...(change.disabledReason === undefined
            ? {}
            : enabling
              ? { disabled_at: null, disabled_reason: null, failing_since: null }
              : { disabled_at: now, disabled_reason: change.disabledReason }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    async setSecret(id: number, secret: string, now: number): Promise<void> {
      await db
        .updateTable('webhook_configurations')
        .set({ secret, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Soft delete: the row stays (its deliveries keep their history) but is never shown again. */
    async markDeleted(id: number, now: number): Promise<void> {
      await db
        .updateTable('webhook_configurations')
        .set({ deleted_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
  };
}
