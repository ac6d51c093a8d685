import type { Database } from '../db';

export interface Migration {
  version: number;
  /** SQL, or a function for a change that SQL alone cannot say (a table rebuild). */
  up: string | ((db: Database) => void);
  /**
   * Runs with foreign keys off (a table rebuild drops and renames parents); they are checked
   * before the commit and turned back on after.
   */
  foreignKeysOff?: boolean;
}
