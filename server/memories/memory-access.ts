import type { Queryable, Storage } from '../db/storage';
import { notFound } from '../http/http-error';
import { memoryQueries, type MemoryLanguages } from './queries';

export const memoryNotFound = (id: number) => notFound(`Memory ${id} not found`);

/** The routes' checks that the caller's organization has a memory: 404 when it has not. */
export function memoryAccess(storage: Storage) {
  return {
    async requireMemory(orgId: number, id: number): Promise<MemoryLanguages> {
      const memory = await memoryQueries(storage.db, storage.dialect).languages(id, orgId);
      if (!memory) throw memoryNotFound(id);
      return memory;
    },

    /** In a transaction: the memory is there and, on PostgreSQL, stays until the commit. */
    async lockMemory(tx: Queryable, orgId: number, id: number): Promise<void> {
      if (!(await memoryQueries(tx, storage.dialect).lock(orgId, id))) throw memoryNotFound(id);
    },
  };
}
