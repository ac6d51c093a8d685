import type { PgMigration } from './migration';

/**
 * Version 2 (PostgreSQL only): the change feed that keeps every process's in-memory TM index
 * current (../change-feed.ts). Statement-level triggers record each changed unit in `changes`
 * and notify `wordbench_changes`. The first change of a transaction takes an advisory lock held
 * to its commit, so changes commit in `seq` order: a reader that has seen `seq` N has seen
 * everything before it (without the lock, seq 11 could commit before seq 10 and be skipped).
 * `changes_floor` is the highest seq pruned: a reader behind it reloads instead.
 */
export const v2: PgMigration = {
  version: 2,
  sqliteTwin: null,
  up: `
    CREATE TABLE changes (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      memory_id bigint NOT NULL,
      unit_id bigint,
      op text NOT NULL CHECK (op IN ('upsert', 'delete', 'memory-deleted')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE changes_floor (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      seq bigint NOT NULL
    );
    INSERT INTO changes_floor (seq) VALUES (0);

    CREATE FUNCTION changes_in_order() RETURNS void LANGUAGE sql AS $$
      SELECT pg_advisory_xact_lock(1463960898, 2);
    $$;

    CREATE FUNCTION record_units_upserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM changes_in_order();
      INSERT INTO changes (memory_id, unit_id, op)
        SELECT memory_id, id, 'upsert' FROM changed_rows ORDER BY id;
      PERFORM pg_notify('wordbench_changes', '');
      RETURN NULL;
    END $$;

    CREATE FUNCTION record_units_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM changes_in_order();
      INSERT INTO changes (memory_id, unit_id, op)
        SELECT memory_id, id, 'delete' FROM changed_rows ORDER BY id;
      PERFORM pg_notify('wordbench_changes', '');
      RETURN NULL;
    END $$;

    CREATE FUNCTION record_memories_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM changes_in_order();
      INSERT INTO changes (memory_id, unit_id, op)
        SELECT id, NULL, 'memory-deleted' FROM changed_rows ORDER BY id;
      PERFORM pg_notify('wordbench_changes', '');
      RETURN NULL;
    END $$;

    CREATE TRIGGER memory_units_inserted AFTER INSERT ON memory_units
      REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION record_units_upserted();
    CREATE TRIGGER memory_units_updated AFTER UPDATE ON memory_units
      REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION record_units_upserted();
    CREATE TRIGGER memory_units_deleted AFTER DELETE ON memory_units
      REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION record_units_deleted();
    CREATE TRIGGER memories_deleted AFTER DELETE ON memories
      REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION record_memories_deleted();
  `,
};
