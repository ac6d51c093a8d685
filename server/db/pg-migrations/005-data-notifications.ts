import type { PgMigration } from './migration';

/**
 * Version 5 (PostgreSQL only): a notification on `wordbench_data` after every transaction that
 * changed the rows the project list is made of, so that each process of a team server drops the
 * answers it cached from them (../data-version.ts). PostgreSQL delivers a notification only once
 * its transaction has committed, and folds the duplicates of one transaction into one.
 */
export const v5: PgMigration = {
  version: 5,
  sqliteTwin: null,
  up: `
    CREATE FUNCTION notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('wordbench_data', '');
      RETURN NULL;
    END $$;

    CREATE TRIGGER projects_changed AFTER INSERT OR UPDATE OR DELETE ON projects
      FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
    CREATE TRIGGER documents_changed AFTER INSERT OR UPDATE OR DELETE ON documents
      FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
    CREATE TRIGGER project_state_changes_changed AFTER INSERT OR UPDATE OR DELETE
      ON project_state_changes
      FOR EACH STATEMENT EXECUTE FUNCTION notify_data_changed();
  `,
};
