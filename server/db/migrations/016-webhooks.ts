import type { Migration } from './migration';

export const v16: Migration = {
  version: 16,
  // Webhooks (issue 16): configurations, and the durable outbox: an event row and one delivery per
  // subscribed configuration, written in the transaction of the change (server/webhooks/outbox.ts),
  // sent by the dispatcher, which leases a configuration (`lease_owner`, `lease_until`) to send
  // its deliveries in id order. Times here are epoch milliseconds (the retry clock needs them).
  // `deleted_at` is a soft delete: such a configuration is never shown nor delivered to.
  up: `
    CREATE TABLE webhook_configurations (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      url TEXT NOT NULL,
      event_types TEXT NOT NULL CHECK (json_valid(event_types)),
      secret TEXT NOT NULL,
      disabled_at INTEGER,
      disabled_reason TEXT,
      failing_since INTEGER,
      deleted_at INTEGER,
      lease_owner TEXT,
      lease_until INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX webhook_configurations_org ON webhook_configurations(org_id, id);

    CREATE TABLE webhook_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      org_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      message_id TEXT NOT NULL UNIQUE,
      body TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );

    CREATE TABLE webhook_deliveries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      configuration_id INTEGER NOT NULL REFERENCES webhook_configurations(id) ON DELETE CASCADE,
      event_id INTEGER NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER,
      created_at INTEGER NOT NULL,
      finished_at INTEGER,
      last_status INTEGER,
      last_error TEXT,
      last_duration_ms INTEGER
    );
    CREATE INDEX webhook_deliveries_queue ON webhook_deliveries(configuration_id, state, id);
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries(state, next_attempt_at);
    CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_id);

    CREATE TABLE webhook_attempts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      attempted_at INTEGER NOT NULL,
      status INTEGER,
      duration_ms INTEGER,
      error TEXT,
      next_attempt_at INTEGER
    );
    CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id, id);
  `,
};
