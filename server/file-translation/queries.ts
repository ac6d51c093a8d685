import { sql } from 'kysely';
import type { Dialect, Queryable } from '../db/storage';
import { nowSeconds } from '../db/time';
import {
  TRANSLATION_COLUMNS,
  type NewTranslation,
  type SourceFileRow,
  type StoredTarget,
  type TranslationFilter,
  type TranslationRow,
} from './translation-row';

/** Each stored target as a JSON row for `putTargets`: `[idx, target, origin, score]`. */
const targetRows = (targets: StoredTarget[]) =>
  JSON.stringify(targets.map((t) => [t.idx, t.target, t.origin, t.score]));

/**
 * Every statement of the file translation area (SQL lives here only). `db` is the storage's
 * handle or an open transaction; the changes that must be atomic are `translation-store.ts`'s.
 */
export function translationQueries(db: Queryable, dialect: Dialect) {
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

    /**
     * Adds or replaces targets of the translation: one statement whose one parameter is the
     * batch as a JSON array, read by the database itself (json_each, json_array_elements).
     * Kysely's multi-row INSERT of 500 rows took ~6 ms of the server's CPU a batch, which file
     * translation spends while Apertium wants both cores (bench/translate-file.ts).
     */
    async putTargets(id: number, targets: StoredTarget[]): Promise<void> {
      if (targets.length === 0) return;
      const rows = targetRows(targets);
      const values =
        dialect === 'sqlite'
          ? sql`SELECT ${id}, r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3
                FROM json_each(${rows}) AS r WHERE true`
          : sql`SELECT ${id}::bigint, (r.value ->> 0)::integer, r.value ->> 1, r.value ->> 2,
                  (r.value ->> 3)::integer
                FROM json_array_elements(${rows}::json) AS r`;
      await sql`INSERT INTO file_translation_targets (translation_id, idx, target, origin, score)
        ${values}
        ON CONFLICT (translation_id, idx) DO UPDATE SET target = excluded.target,
          origin = excluded.origin, score = excluded.score`.execute(db);
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
