import type { Queryable } from '../db/storage';
import { nowSeconds } from '../db/time';
import {
  TRANSLATION_COLUMNS,
  type NewTranslation,
  type SourceFileRow,
  type StoredTarget,
  type TranslationFilter,
  type TranslationRow,
} from './translation-row';

/** Rows per INSERT of targets: well under either database's limit of parameters. */
const TARGETS_PER_INSERT = 500;

/**
 * Every statement of the file translation area (SQL lives here only). `db` is the storage's
 * handle or an open transaction; the changes that must be atomic are `translation-store.ts`'s.
 */
export function translationQueries(db: Queryable) {
  const rows = () => db.selectFrom('file_translations').select(TRANSLATION_COLUMNS);
  const inProgress = (id: number) =>
    db.updateTable('file_translations').where('id', '=', id).where('status', '=', 'InProgress');
  const storedCount = (id: number, origin?: StoredTarget['origin']) => {
    const query = db
      .selectFrom('file_translation_targets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('translation_id', '=', id);
    return origin ? query.where('origin', '=', origin) : query;
  };

  return {
    async insert(row: NewTranslation, now = nowSeconds()): Promise<TranslationRow> {
      return (await db
        .insertInto('file_translations')
        .values({
          org_id: row.orgId,
          user_id: row.userId,
          file_id: row.fileId,
          memory_id: row.memoryId,
          with_tm: row.withTm ? 1 : 0,
          tm_threshold: row.tmThreshold,
          file_name: row.fileName,
          translated_name: row.translatedName,
          srclang: row.srclang,
          trglang: row.trglang,
          created_at: now,
          updated_at: now,
        })
        .returning(TRANSLATION_COLUMNS)
        .executeTakeFirstOrThrow()) as TranslationRow;
    },

    get: async (id: number): Promise<TranslationRow | null> =>
      ((await rows().where('id', '=', id).executeTakeFirst()) as TranslationRow | undefined) ??
      null,

    getInOrg: async (orgId: number, id: number): Promise<TranslationRow | null> =>
      ((await rows().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst()) as
        TranslationRow | undefined) ?? null,

    /** The organization's translations that pass every filter given, newest first. */
    async list(orgId: number, filter: TranslationFilter): Promise<TranslationRow[]> {
      if (filter.ids?.length === 0) return [];
      let query = rows().where('org_id', '=', orgId);
      if (filter.ids) query = query.where('id', 'in', filter.ids);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.fromTime !== undefined) query = query.where('created_at', '>=', filter.fromTime);
      if (filter.toTime !== undefined) query = query.where('created_at', '<', filter.toTime);
      return (await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()) as TranslationRow[];
    },

    /** The organization's files among `ids`. */
    files: (orgId: number, ids: number[]): Promise<SourceFileRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('files')
            .select(['id', 'name', 'blob_sha256 as sha256', 'detected_lang'])
            .where('org_id', '=', orgId)
            .where('id', 'in', ids)
            .execute(),

    memory: async (orgId: number, memoryId: number) =>
      (await db
        .selectFrom('memories')
        .select(['srclang', 'trglang'])
        .where('id', '=', memoryId)
        .where('org_id', '=', orgId)
        .executeTakeFirst()) ?? null,

    targets: async (id: number): Promise<StoredTarget[]> =>
      (await db
        .selectFrom('file_translation_targets')
        .select(['idx', 'target', 'origin', 'score'])
        .where('translation_id', '=', id)
        .execute()) as StoredTarget[],

    /** Adds or replaces targets of the translation. */
    async putTargets(id: number, targets: StoredTarget[]): Promise<void> {
      for (let at = 0; at < targets.length; at += TARGETS_PER_INSERT) {
        await db
          .insertInto('file_translation_targets')
          .values(
            targets.slice(at, at + TARGETS_PER_INSERT).map((t) => ({ ...t, translation_id: id })),
          )
          .onConflict((oc) =>
            oc.columns(['translation_id', 'idx']).doUpdateSet((eb) => ({
              target: eb.ref('excluded.target'),
              origin: eb.ref('excluded.origin'),
              score: eb.ref('excluded.score'),
            })),
          )
          .execute();
      }
    },

    dropTargets: (id: number) =>
      db.deleteFrom('file_translation_targets').where('translation_id', '=', id).execute(),

    /**
     * The file has been read (one atomic UPDATE): its format, total and warning; the progress
     * restarts from the targets stored (a resumed run) plus `settled`, which need no work.
     */
    async setRead(
      id: number,
      read: { format: string; total: number; settled: number; warning: string | null },
      now = nowSeconds(),
    ): Promise<void> {
      await inProgress(id)
        .set((eb) => ({
          format: read.format,
          segments_total: read.total,
          warning: read.warning,
          segments_done: eb(eb.val(read.settled), '+', storedCount(id)),
          tm_segments: storedCount(id, 'tm'),
          mt_segments: storedCount(id, 'mt'),
          updated_at: now,
        }))
        .execute();
    },

    /** Adds a batch to the counters while the translation is in progress; false otherwise. */
    async advance(
      id: number,
      counts: { done: number; tm: number; mt: number },
      now = nowSeconds(),
    ): Promise<boolean> {
      const result = await inProgress(id)
        .set((eb) => ({
          segments_done: eb('segments_done', '+', counts.done),
          tm_segments: eb('tm_segments', '+', counts.tm),
          mt_segments: eb('mt_segments', '+', counts.mt),
          updated_at: now,
        }))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** InProgress to ReadyForDownload with the translated file's blob; false otherwise. */
    async setReady(id: number, sha256: string, now = nowSeconds()): Promise<boolean> {
      const result = await inProgress(id)
        .set((eb) => ({
          status: 'ReadyForDownload',
          result_sha256: sha256,
          segments_done: eb.ref('segments_total'),
          updated_at: now,
        }))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** InProgress to Failed with the reason; false otherwise. */
    async setFailed(id: number, message: string, now = nowSeconds()): Promise<boolean> {
      const result = await inProgress(id)
        .set({ status: 'Failed', error_msg: message, updated_at: now })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The first download completes a ready translation. */
    async setDownloaded(id: number, now = nowSeconds()): Promise<boolean> {
      const result = await db
        .updateTable('file_translations')
        .set({ status: 'Completed', downloaded_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'ReadyForDownload')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type TranslationQueries = ReturnType<typeof translationQueries>;
