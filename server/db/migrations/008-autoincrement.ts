import { rebuildWithAutoincrement } from '../autoincrement';
import type { Migration } from './migration';

export const v8: Migration = {
  version: 8,
  // Ids are never handed out twice: every table with an `id INTEGER PRIMARY KEY` becomes
  // AUTOINCREMENT, rebuilt with every row, index and trigger (server/db/autoincrement.ts).
  // New tables say AUTOINCREMENT themselves (a test checks every table).
  up: rebuildWithAutoincrement,
  foreignKeysOff: true,
};
