import type { Dialect, Queryable } from '../db/storage';
import { nowSeconds } from '../db/time';

export type MemoryTaskKind = 'import' | 'termbase-export';

/** An import or termbase export of a memory (`memory_tasks`). */
export interface MemoryTaskRow {
  id: number;
  memory_id: number;
  kind: MemoryTaskKind;
  state: 'queued' | 'running' | 'done' | 'failed';
  name: string | null;
  options: string;
  blob_sha256: string | null;
  user_id: number | null;
  error: string | null;
  /** While it runs, what its committed transactions added and skipped; then the totals. */
  added: number | null;
  skipped: number | null;
}

export interface TaskOutcome {
  state: 'done' | 'failed';
  error?: string | null;
  added?: number;
  skipped?: number;
}

const ACTIVE = ['queued', 'running'];

/**
 * Imports and termbase exports. A memory is processing while it has a task queued or running;
 * an import's task holds the reference to its uploaded blob until it ends. `db` is the storage's
 * handle or an open transaction; the read-then-write steps lock their row on PostgreSQL.
 */
export function taskQueries(db: Queryable, dialect: Dialect) {
  const forUpdate = <Q extends { forUpdate(): Q }>(query: Q) =>
    dialect === 'postgres' ? query.forUpdate() : query;

  const insert = async (values: {
    memoryId: number;
    kind: MemoryTaskKind;
    name: string | null;
    options: string;
    sha256: string | null;
    userId: number | null;
  }): Promise<number> => {
    const row = await db
      .insertInto('memory_tasks')
      .values({
        memory_id: values.memoryId,
        kind: values.kind,
        name: values.name,
        options: values.options,
        blob_sha256: values.sha256,
        user_id: values.userId,
        created_at: nowSeconds(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const activeExport = (memoryId: number) =>
    db
      .selectFrom('memory_tasks')
      .select('id')
      .where('memory_id', '=', memoryId)
      .where('kind', '=', 'termbase-export')
      .where('state', 'in', ACTIVE)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();

  const termbaseOf = (memoryId: number) =>
    db.selectFrom('memories').select('termbase_sha256 as sha256').where('id', '=', memoryId);

  return {
    createImport: (input: {
      memoryId: number;
      name: string;
      options: object;
      sha256: string;
      userId: number | null;
    }): Promise<number> =>
      insert({ ...input, kind: 'import', options: JSON.stringify(input.options) }),

    /**
     * A new export task, or null when one is already queued or running. The caller holds the
     * memory's row (memoryQueries.lock), so two requests cannot both start one.
     */
    async createTermbaseExport(memoryId: number, userId: number | null): Promise<number | null> {
      if (await activeExport(memoryId)) return null;
      return insert({
        memoryId,
        kind: 'termbase-export',
        name: null,
        options: '{}',
        sha256: null,
        userId,
      });
    },

    get: async (id: number): Promise<MemoryTaskRow | null> =>
      ((await db
        .selectFrom('memory_tasks')
        .select([
          'id',
          'memory_id',
          'kind',
          'state',
          'name',
          'options',
          'blob_sha256',
          'user_id',
          'error',
          'added',
          'skipped',
        ])
        .where('id', '=', id)
        .executeTakeFirst()) as MemoryTaskRow | undefined) ?? null,

    /** False when the task is gone (its memory was deleted) or already ended. */
    async markRunning(id: number): Promise<boolean> {
      const result = await db
        .updateTable('memory_tasks')
        .set({ state: 'running' })
        .where('id', '=', id)
        .where('state', 'in', ACTIVE)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Counts what one of the import's transactions wrote (it commits with them). */
    async addProgress(id: number, added: number, skipped: number): Promise<void> {
      await db
        .updateTable('memory_tasks')
        .set((eb) => ({
          added: eb(eb.fn.coalesce('added', eb.lit(0)), '+', added),
          skipped: eb(eb.fn.coalesce('skipped', eb.lit(0)), '+', skipped),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Ends the task and drops its blob reference; returns the blob to release, if any. */
    async finish(id: number, outcome: TaskOutcome): Promise<string | null> {
      const row = await forUpdate(
        db.selectFrom('memory_tasks').select('blob_sha256').where('id', '=', id),
      ).executeTakeFirst();
      if (!row) return null;
      await db
        .updateTable('memory_tasks')
        .set({
          state: outcome.state,
          error: outcome.error ?? null,
          added: outcome.added ?? null,
          skipped: outcome.skipped ?? null,
          blob_sha256: null,
          finished_at: nowSeconds(),
        })
        .where('id', '=', id)
        .execute();
      return row.blob_sha256;
    },

    isExporting: async (memoryId: number): Promise<boolean> =>
      (await activeExport(memoryId)) !== undefined,

    async setImportError(memoryId: number, error: string | null): Promise<void> {
      await db
        .updateTable('memories')
        .set({ last_import_error: error })
        .where('id', '=', memoryId)
        .execute();
    },

    termbaseBlob: async (memoryId: number): Promise<string | null> =>
      (await termbaseOf(memoryId).executeTakeFirst())?.sha256 ?? null,

    /**
     * Points the memory at its new termbase CSV; answers the previous one's blob to release, or
     * undefined when the memory is gone (its row is locked on PostgreSQL: it stays till the end).
     */
    async setTermbaseBlob(memoryId: number, sha256: string): Promise<string | null | undefined> {
      const row = await forUpdate(termbaseOf(memoryId)).executeTakeFirst();
      if (!row) return undefined;
      await db
        .updateTable('memories')
        .set({ termbase_sha256: sha256 })
        .where('id', '=', memoryId)
        .execute();
      return row.sha256 === sha256 ? null : row.sha256;
    },
  };
}

export type MemoryTaskQueries = ReturnType<typeof taskQueries>;
