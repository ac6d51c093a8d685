/** One step of the PostgreSQL schema history: SQL run in one transaction with its version bump. */
export interface PgMigration {
  version: number;
  /** One or more statements; no BEGIN or COMMIT (the runner owns the transaction). */
  up: string;
  /**
   * The SQLite version this one equals, or null for machinery only a team server needs (the
   * change feed between processes): such a migration adds only tables in `PG_ONLY_TABLES`.
   */
  sqliteTwin: number | null;
}
