import type { Queryable, Storage } from '../db/storage';
import { recordEvent } from '../webhooks/outbox';
import { translationQueries } from './queries';
import {
  toTranslationInfo,
  type NewTranslation,
  type SourceFileRow,
  type StoredTarget,
  type TranslationFilter,
  type TranslationRow,
} from './translation-row';

/**
 * File translations over a storage: reads on its handle, each change that must be atomic one
 * transaction. Every conditional change is one UPDATE ... WHERE status = 'InProgress' that goes
 * first, so on PostgreSQL it holds the row's lock for the rest of its transaction and a
 * concurrent failure or completion waits for it (no read-then-write, no FOR UPDATE needed).
 */
export function createTranslationStore(storage: Storage) {
  const reads = translationQueries(storage.db, storage.dialect);

  /** `FILE_TRANSLATION_UPDATE` (our webhook event) of a status change, in its transaction. */
  const statusChanged = (tx: Queryable, row: TranslationRow) =>
    recordEvent(storage, tx, {
      orgId: row.org_id,
      type: 'FILE_TRANSLATION_UPDATE',
      data: toTranslationInfo(row),
    });

  /** After a change of status in `tx`: the row as it is now, with its event. */
  async function changedStatus(tx: Queryable, id: number): Promise<void> {
    const row = await translationQueries(tx, storage.dialect).get(id);
    if (row) await statusChanged(tx, row);
  }

  return {
    /**
     * Inserts the rows in one transaction, with `alsoRecord(tx, id)` for each (which enqueues
     * its work in the same transaction).
     */
    create: (
      rows: NewTranslation[],
      alsoRecord: (tx: Queryable, id: number) => Promise<unknown>,
    ): Promise<TranslationRow[]> =>
      storage.transaction(async (tx) => {
        const q = translationQueries(tx, storage.dialect);
        const created: TranslationRow[] = [];
        for (const row of rows) {
          const translation = await q.insert(row);
          await alsoRecord(tx, translation.id);
          await statusChanged(tx, translation);
          created.push(translation);
        }
        return created;
      }),

    get: (id: number) => reads.get(id),
    getInOrg: (orgId: number, id: number) => reads.getInOrg(orgId, id),
    list: (orgId: number, filter: TranslationFilter) => reads.list(orgId, filter),
    /** The organization's files among `ids`, by id. */
    files: async (orgId: number, ids: number[]): Promise<Map<number, SourceFileRow>> =>
      new Map((await reads.files(orgId, ids)).map((file) => [file.id, file])),
    file: async (orgId: number, id: number): Promise<SourceFileRow | null> =>
      (await reads.files(orgId, [id]))[0] ?? null,
    memory: (orgId: number, memoryId: number) => reads.memory(orgId, memoryId),
    targets: (id: number) => reads.targets(id),

    /**
     * The file has been read: its format, segment count and warning. The progress restarts from
     * what is stored (a resumed run) plus `settled`, the segments that need no work.
     */
    markRead: (
      id: number,
      read: { format: string; total: number; settled: number },
      warning: string | null,
    ): Promise<void> => reads.setRead(id, { ...read, warning }),

    /** One batch's targets and the counters, together. False if the work is no longer wanted. */
    writeBatch: (id: number, batch: StoredTarget[], done: number): Promise<boolean> =>
      storage.transaction(async (tx) => {
        const q = translationQueries(tx, storage.dialect);
        const tm = batch.filter((t) => t.origin === 'tm').length;
        if (!(await q.advance(id, { done, tm, mt: batch.length - tm }))) return false;
        await q.putTargets(id, batch);
        return true;
      }),

    /**
     * Ready with its translated file, in `tx` (the blob's commit); the per-segment targets go.
     * False when the translation is no longer in progress.
     */
    async markReady(tx: Queryable, id: number, sha256: string): Promise<boolean> {
      const q = translationQueries(tx, storage.dialect);
      if (!(await q.setReady(id, sha256))) return false;
      await q.dropTargets(id);
      await changedStatus(tx, id);
      return true;
    },

    /** Failed with the reason, the per-segment targets dropped; false if it had ended already. */
    markFailed: (id: number, message: string): Promise<boolean> =>
      storage.transaction(async (tx) => {
        const q = translationQueries(tx, storage.dialect);
        if (!(await q.setFailed(id, message))) return false;
        await q.dropTargets(id);
        await changedStatus(tx, id);
        return true;
      }),

    /** The first download completes the translation. */
    markDownloaded: (id: number): Promise<boolean> =>
      storage.transaction(async (tx) => {
        if (!(await translationQueries(tx, storage.dialect).setDownloaded(id))) return false;
        await changedStatus(tx, id);
        return true;
      }),
  };
}

export type TranslationStore = ReturnType<typeof createTranslationStore>;
