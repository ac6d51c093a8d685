import type { TranslationInfo, TranslationStatus } from '../../shared/api/file-translation';
import type { Database } from '../db/db';
import { nowSeconds } from '../db/time';

/** A file_translations row as the pipeline and the routes read it. */
export interface TranslationRow {
  id: number;
  org_id: number;
  file_id: number;
  memory_id: number;
  with_tm: number;
  tm_threshold: number;
  status: TranslationStatus;
  error_msg: string | null;
  file_name: string;
  translated_name: string;
  srclang: string;
  trglang: string;
  format: string | null;
  segments_done: number;
  segments_total: number;
  tm_segments: number;
  mt_segments: number;
  warning: string | null;
  result_sha256: string | null;
  created_at: number;
  updated_at: number;
}

export interface NewTranslation {
  orgId: number;
  userId: number | null;
  fileId: number;
  memoryId: number;
  withTm: boolean;
  tmThreshold: number;
  fileName: string;
  translatedName: string;
  srclang: string;
  trglang: string;
}

/** A stored target of one segment, written a batch at a time. */
export interface StoredTarget {
  idx: number;
  target: string;
  origin: 'tm' | 'mt';
  score: number | null;
}

/** The monitor's filters; each one given narrows the list. */
export interface TranslationFilter {
  ids?: number[];
  status?: TranslationStatus;
  fromTime?: number;
  toTime?: number;
}

export function toTranslationInfo(row: TranslationRow): TranslationInfo {
  return {
    id: row.id,
    fileId: row.file_id,
    status: row.status,
    createdAt: row.created_at,
    ...(row.status === 'Failed' ? { errorMsg: row.error_msg ?? 'The translation failed' } : {}),
    memoryId: row.memory_id,
    withTM: row.with_tm === 1,
    tmThreshold: row.tm_threshold,
    fileName: row.file_name,
    translatedName: row.translated_name,
    srclang: row.srclang,
    trglang: row.trglang,
    format: row.format,
    segmentsDone: row.segments_done,
    segmentsTotal: row.segments_total,
    tmSegments: row.tm_segments,
    mtSegments: row.mt_segments,
    warning: row.warning,
    updatedAt: row.updated_at,
  };
}

/** Every statement of the file translation area (SQL lives here only). */
export function createTranslationQueries(db: Database) {
  const insert = db.prepare(
    `INSERT INTO file_translations (org_id, user_id, file_id, memory_id, with_tm, tm_threshold,
       file_name, translated_name, srclang, trglang, created_at, updated_at)
     VALUES (@orgId, @userId, @fileId, @memoryId, @withTm, @tmThreshold, @fileName,
       @translatedName, @srclang, @trglang, @now, @now)`,
  );
  const byId = db.prepare<[number], TranslationRow>('SELECT * FROM file_translations WHERE id = ?');
  const inOrg = db.prepare<[number, number], TranslationRow>(
    'SELECT * FROM file_translations WHERE id = ? AND org_id = ?',
  );
  const list = db.prepare<Record<string, unknown>, TranslationRow>(
    `SELECT * FROM file_translations
      WHERE org_id = @orgId
        AND (@ids IS NULL OR id IN (SELECT value FROM json_each(@ids)))
        AND (@status IS NULL OR status = @status)
        AND (@fromTime IS NULL OR created_at >= @fromTime)
        AND (@toTime IS NULL OR created_at < @toTime)
      ORDER BY created_at DESC, id DESC`,
  );
  const fileOf = db.prepare<
    [number, number],
    { name: string; sha256: string; detected_lang: string }
  >('SELECT name, blob_sha256 AS sha256, detected_lang FROM files WHERE id = ? AND org_id = ?');
  const memoryOf = db.prepare<[number, number], { srclang: string; trglang: string }>(
    'SELECT srclang, trglang FROM memories WHERE id = ? AND org_id = ?',
  );
  const targetsOf = db.prepare<[number], StoredTarget>(
    'SELECT idx, target, origin, score FROM file_translation_targets WHERE translation_id = ?',
  );
  const putTarget = db.prepare(
    `INSERT OR REPLACE INTO file_translation_targets (translation_id, idx, target, origin, score)
     VALUES (@id, @idx, @target, @origin, @score)`,
  );
  const setRead = db.prepare(
    `UPDATE file_translations SET format = @format, segments_total = @total, warning = @warning,
       segments_done = @done + (SELECT count(*) FROM file_translation_targets WHERE translation_id = @id),
       tm_segments = (SELECT count(*) FROM file_translation_targets
                       WHERE translation_id = @id AND origin = 'tm'),
       mt_segments = (SELECT count(*) FROM file_translation_targets
                       WHERE translation_id = @id AND origin = 'mt'),
       updated_at = @now WHERE id = @id AND status = 'InProgress'`,
  );
  const advance = db.prepare(
    `UPDATE file_translations SET segments_done = segments_done + @done,
       tm_segments = tm_segments + @tm, mt_segments = mt_segments + @mt, updated_at = @now
     WHERE id = @id AND status = 'InProgress'`,
  );
  const setReady = db.prepare(
    `UPDATE file_translations SET status = 'ReadyForDownload', result_sha256 = @sha256,
       segments_done = segments_total, updated_at = @now WHERE id = @id AND status = 'InProgress'`,
  );
  const setFailed = db.prepare(
    `UPDATE file_translations SET status = 'Failed', error_msg = @message, updated_at = @now
     WHERE id = @id AND status = 'InProgress'`,
  );
  const dropTargets = db.prepare('DELETE FROM file_translation_targets WHERE translation_id = ?');
  const setDownloaded = db.prepare(
    `UPDATE file_translations SET status = 'Completed', downloaded_at = @now, updated_at = @now
     WHERE id = @id AND status = 'ReadyForDownload'`,
  );

  const createAll = db.transaction((rows: NewTranslation[], alsoRecord: (id: number) => void) =>
    rows.map((row) => {
      const now = nowSeconds();
      const id = Number(insert.run({ ...row, withTm: row.withTm ? 1 : 0, now }).lastInsertRowid);
      alsoRecord(id);
      return byId.get(id)!;
    }),
  );
  const writeAll = db.transaction((id: number, batch: StoredTarget[], done: number) => {
    const row = byId.get(id);
    if (!row || row.status !== 'InProgress') return false;
    for (const t of batch) putTarget.run({ id, ...t });
    const tm = batch.filter((t) => t.origin === 'tm').length;
    advance.run({ id, done, tm, mt: batch.length - tm, now: nowSeconds() });
    return true;
  });
  const failNow = db.transaction((id: number, message: string) => {
    const changed = setFailed.run({ id, message, now: nowSeconds() }).changes > 0;
    if (changed) dropTargets.run(id);
    return changed;
  });

  return {
    /** Inserts the rows, in one transaction with `alsoRecord` (which enqueues their work). */
    create(rows: NewTranslation[], alsoRecord: (id: number) => void): TranslationRow[] {
      return createAll(rows, alsoRecord);
    },
    get: (id: number) => byId.get(id) ?? null,
    getInOrg: (orgId: number, id: number) => inOrg.get(id, orgId) ?? null,
    list(orgId: number, filter: TranslationFilter): TranslationRow[] {
      return list.all({
        orgId,
        ids: filter.ids ? JSON.stringify(filter.ids) : null,
        status: filter.status ?? null,
        fromTime: filter.fromTime ?? null,
        toTime: filter.toTime ?? null,
      });
    },
    file: (orgId: number, fileId: number) => fileOf.get(fileId, orgId) ?? null,
    memory: (orgId: number, memoryId: number) => memoryOf.get(memoryId, orgId) ?? null,
    targets: (id: number) => targetsOf.all(id),
    /**
     * The file has been read: its format, segment count and warning. The progress restarts from
     * what is stored (a resumed run) plus `settled`, the segments that need no work.
     */
    markRead(
      id: number,
      read: { format: string; total: number; settled: number },
      warning: string | null,
    ): void {
      const { format, total, settled } = read;
      setRead.run({ id, format, total, warning, done: settled, now: nowSeconds() });
    },
    /** One batch's targets and the counters, together. False if the work is no longer wanted. */
    writeBatch(id: number, batch: StoredTarget[], done: number): boolean {
      return writeAll(id, batch, done);
    },
    /** Ready with its translated file (inside the blob's commit); the per-segment targets go. */
    markReady(id: number, sha256: string): boolean {
      const changed = setReady.run({ id, sha256, now: nowSeconds() }).changes > 0;
      if (changed) dropTargets.run(id);
      return changed;
    },
    markFailed(id: number, message: string): boolean {
      return failNow(id, message);
    },
    markDownloaded: (id: number) => setDownloaded.run({ id, now: nowSeconds() }).changes > 0,
  };
}

export type TranslationQueries = ReturnType<typeof createTranslationQueries>;
