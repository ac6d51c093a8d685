import type { Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import type { IndexSet } from './index-set';
import { unitQueries, type NewUnit, type UnitPatch, type UnitRow } from './unit-queries';

/** Changes to units inside one `write` transaction; the index follows after the commit. */
export interface UnitWriter {
  /** The transaction the units are written in: other rows that must commit with them use it. */
  readonly tx: Queryable;
  add(memoryId: number, unit: NewUnit): Promise<UnitRow>;
  /** Null when the memory has no such unit. */
  update(memoryId: number, unitId: number, patch: UnitPatch): Promise<UnitRow | null>;
  remove(memoryId: number, unitId: number): Promise<boolean>;
}

/**
 * The registry's `write`: runs `fn` in one transaction, in which it changes units through the
 * writer (and, on `writer.tx`, whatever must commit with them); the memories' counters and
 * versions follow in the same transaction, and the loaded indexes once it has committed, so a
 * rolled-back change never reaches them.
 */
export function createUnitWrites(storage: Storage, indexes: IndexSet) {
  return async function write<T>(fn: (writer: UnitWriter) => Promise<T>): Promise<T> {
    const afterCommit: Array<() => void> = [];
    const result = await storage.transaction(async (tx) => {
      const units = unitQueries(tx, storage.dialect);
      const touched = new Map<number, number>();
      const now = nowSeconds();
      const count = (memoryId: number, delta: number) =>
        touched.set(memoryId, (touched.get(memoryId) ?? 0) + delta);
      const writer: UnitWriter = {
        tx,
        async add(memoryId, unit) {
          const row = await units.insert(memoryId, unit, now);
          count(memoryId, 1);
          afterCommit.push(() => indexes.apply(memoryId, row));
          return row;
        },
        async update(memoryId, unitId, patch) {
          const row = await units.update(memoryId, unitId, patch, now);
          if (!row) return null;
          count(memoryId, 0);
          afterCommit.push(() => indexes.apply(memoryId, row));
          return row;
        },
        async remove(memoryId, unitId) {
          if (!(await units.remove(memoryId, unitId))) return false;
          count(memoryId, -1);
          afterCommit.push(() => indexes.removeUnit(memoryId, unitId));
          return true;
        },
      };
      const value = await fn(writer);
      // In id order, so that two transactions touching the same memories never wait in a cycle.
      const memoryIds = [...touched.keys()].sort((a, b) => a - b);
      for (const memoryId of memoryIds) {
        await units.touchMemory(memoryId, touched.get(memoryId)!, now);
      }
      return value;
    });
    for (const apply of afterCommit) apply();
    return result;
  };
}
