/** One step of the PostgreSQL schema history: SQL run in one transaction with its version bump. */
export interface PgMigration {
  version: number;
  /** One or more statements; no BEGIN or COMMIT (the runner owns the transaction). */
  up: string;
}
