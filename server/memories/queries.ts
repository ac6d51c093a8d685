import type { Memory, MemoryCreateParameters } from '../../shared/api/memories';
import type { Dialect, Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';

/**
 * What deleting a memory came to: projects that use a memory keep it. A deleted memory's blobs
 * (uploaded imports, the termbase export) are no longer referenced by it: release them.
 */
export type MemoryDeleteResult =
  | { status: 'deleted'; blobs: string[] }
  | { status: 'not-found' }
  | { status: 'in-use'; projectCount: number };

/** A memory's name and languages (imports, exports, downloads). */
export interface MemoryLanguages {
  id: number;
  name: string;
  srclang: string;
  trglang: string;
  srclocale: string | null;
  trglocale: string | null;
}

/** SQLite answers a comparison as 0/1, PostgreSQL as a boolean. */
const isTrue = (value: unknown) => value === true || value === 1;

// A memory is processing while one of its imports or termbase exports is queued or running.
function memoryRows(db: Queryable) {
  return db
    .selectFrom('memories as m')
    .select((eb) => [
      'm.id',
      'm.name',
      'm.srclang',
      'm.trglang',
      'm.srclocale',
      'm.trglocale',
      'm.version',
      eb
        .exists(
          eb
            .selectFrom('memory_tasks as t')
            .select('t.id')
            .whereRef('t.memory_id', '=', 'm.id')
            .where('t.state', 'in', ['queued', 'running']),
        )
        .as('is_processing'),
      'm.created_at',
      'm.updated_at',
      'm.num_segments',
      'm.num_terms',
      'm.last_import_error',
    ]);
}

type MemoryRow = Awaited<ReturnType<ReturnType<typeof memoryRows>['executeTakeFirstOrThrow']>>;

export function memoryToWire(row: MemoryRow): Memory {
  return {
    id: row.id,
    name: row.name,
    srclang: row.srclang,
    trglang: row.trglang,
    srclocale: row.srclocale,
    trglocale: row.trglocale,
    is_processing: isTrue(row.is_processing),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    resources: [],
    num_segments: row.num_segments,
    num_terms: row.num_terms,
    last_import_error: row.last_import_error,
  };
}

/**
 * The organization's memories. Every lookup is scoped to `orgId`: another organization's memory
 * is indistinguishable from one that does not exist. `db` is the storage's handle or an open
 * transaction.
 */
export function memoryQueries(db: Queryable, dialect: Dialect) {
  const get = async (orgId: number, id: number): Promise<Memory | null> => {
    const row = await memoryRows(db)
      .where('m.id', '=', id)
      .where('m.org_id', '=', orgId)
      .executeTakeFirst();
    return row ? memoryToWire(row) : null;
  };

  return {
    get,

    /** The memory's name and languages; null when there is no such memory (of `orgId`, if given). */
    async languages(id: number, orgId?: number): Promise<MemoryLanguages | null> {
      let query = db
        .selectFrom('memories')
        .select(['id', 'name', 'srclang', 'trglang', 'srclocale', 'trglocale'])
        .where('id', '=', id);
      if (orgId !== undefined) query = query.where('org_id', '=', orgId);
      return (await query.executeTakeFirst()) ?? null;
    },

    list: async (orgId: number): Promise<Memory[]> =>
      (await memoryRows(db).where('m.org_id', '=', orgId).orderBy('m.id').execute()).map(
        memoryToWire,
      ),

    async insert(orgId: number, input: MemoryCreateParameters, now: number): Promise<number> {
      const { name, srclang, trglang, srclocale = null, trglocale = null } = input;
      const row = await db
        .insertInto('memories')
        .values({
          org_id: orgId,
          name,
          srclang,
          trglang,
          srclocale,
          trglocale,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** False when the organization has no such memory. */
    async rename(orgId: number, id: number, name: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('memories')
        .set({ name, updated_at: now })
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Whether the organization has the memory; on PostgreSQL its row is locked until the
     * transaction ends, so it is not deleted meanwhile and changes to it wait.
     */
    async lock(orgId: number, id: number): Promise<boolean> {
      const query = db
        .selectFrom('memories')
        .select('id')
        .where('id', '=', id)
        .where('org_id', '=', orgId);
      const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      return row !== undefined;
    },

    async projectCount(id: number): Promise<number> {
      const row = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('memory_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The blobs the memory references: its pending imports' uploads, its termbase export. */
    async blobs(id: number): Promise<string[]> {
      const tasks = await db
        .selectFrom('memory_tasks')
        .select('blob_sha256')
        .where('memory_id', '=', id)
        .where('blob_sha256', 'is not', null)
        .execute();
      const memory = await db
        .selectFrom('memories')
        .select('termbase_sha256')
        .where('id', '=', id)
        .executeTakeFirst();
      const all = tasks.map((row) => row.blob_sha256!);
      if (memory?.termbase_sha256) all.push(memory.termbase_sha256);
      return [...new Set(all)];
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('memories').where('id', '=', id).execute();
    },
  };
}

/** The memories' reads and writes, each one statement or one transaction. */
export function createMemoryStore(storage: Storage) {
  const read = memoryQueries(storage.db, storage.dialect);
  const inTransaction = <T>(work: (q: ReturnType<typeof memoryQueries>) => Promise<T>) =>
    storage.transaction((tx) => work(memoryQueries(tx, storage.dialect)));

  return {
    get: read.get,

    list: read.list,

    create: (orgId: number, input: MemoryCreateParameters, now = nowSeconds()): Promise<Memory> =>
      inTransaction(async (q) => (await q.get(orgId, await q.insert(orgId, input, now)))!),

    /** Renames and bumps `updated_at`; null when the organization has no such memory. */
    rename: (orgId: number, id: number, name: string, now = nowSeconds()) =>
      inTransaction(async (q) =>
        (await q.rename(orgId, id, name, now)) ? q.get(orgId, id) : null,
      ),

    remove: (orgId: number, id: number): Promise<MemoryDeleteResult> =>
      inTransaction(async (q) => {
        if (!(await q.lock(orgId, id))) return { status: 'not-found' };
        const projectCount = await q.projectCount(id);
        if (projectCount > 0) return { status: 'in-use', projectCount };
        const blobs = await q.blobs(id);
        await q.remove(id);
        return { status: 'deleted', blobs };
      }),
  };
}

export type MemoryStore = ReturnType<typeof createMemoryStore>;
