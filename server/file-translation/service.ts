import {
  DEFAULT_FILE_TM_THRESHOLD,
  type MonitorFileTranslationQuery,
  type TranslateFileQuery,
  type TranslationInfo,
} from '../../shared/api/file-translation';
import { chosenFilterConfig } from '../domains/filter-configs';
import { parseIdList } from '../http/decimal';
import { badRequest, conflict, notFound } from '../http/http-error';
import type { WorkQueue } from '../work/queue';
import { translatedFileName } from './naming';
import { TRANSLATE_FILE } from './pipeline';
import { toTranslationInfo, type TranslationRow } from './translation-row';
import type { TranslationStore } from './translation-store';

/** Files one request may send to translation. */
export const MAX_FILES_PER_REQUEST = 100;

const ID_LIST = 'a file id or a comma-separated list of ids, such as 1,2';

function idList(name: string, text: string): number[] {
  const ids = parseIdList(text);
  if (ids === null) throw badRequest(`query parameter ${name} must be ${ID_LIST}`);
  return ids;
}

/** Starting, listing and handing out file translations for one organization at a time. */
export function createTranslationService(store: TranslationStore, work: WorkQueue) {
  return {
    /** One InProgress translation per file, recorded with its work in one transaction. */
    async start(
      orgId: number,
      userId: number | null,
      query: TranslateFileQuery,
    ): Promise<TranslationInfo[]> {
      const fileIds = idList('fileId', query.fileId);
      const config =
        query.configId === undefined ? undefined : chosenFilterConfig('configId', query.configId);
      // A configuration of another format than a file still lends its threshold.
      const tmThreshold =
        query.tmThreshold ?? config?.settings.tmThreshold ?? DEFAULT_FILE_TM_THRESHOLD;
      if (fileIds.length > MAX_FILES_PER_REQUEST) {
        throw badRequest(
          `fileId lists ${fileIds.length} files; one request may translate at most ` +
            `${MAX_FILES_PER_REQUEST}`,
        );
      }
      const memory = await store.memory(orgId, query.memoryId);
      if (!memory) throw notFound(`Memory ${query.memoryId} not found`);
      const files = await store.files(orgId, fileIds);
      const rows = fileIds.map((fileId) => {
        const file = files.get(fileId);
        if (!file) throw notFound(`File ${fileId} not found`);
        return {
          orgId,
          userId,
          fileId,
          memoryId: query.memoryId,
          withTm: query.withTM ?? true,
          tmThreshold,
          fileName: file.name,
          translatedName: translatedFileName(file.name, memory.srclang, memory.trglang),
          srclang: memory.srclang,
          trglang: memory.trglang,
        };
      });
      // A file deleted after this check is the work's to report: the translation outlives it.
      const created = await store.create(rows, (tx, translationId) =>
        work.enqueueIn(tx, TRANSLATE_FILE, { translationId }),
      );
      return created.map(toTranslationInfo);
    },

    /** The monitor: at least one filter, each one narrowing; newest first. */
    async list(orgId: number, query: MonitorFileTranslationQuery): Promise<TranslationInfo[]> {
      const { translationIds, status, fromTime, toTime } = query;
      if (
        translationIds === undefined &&
        !status &&
        fromTime === undefined &&
        toTime === undefined
      ) {
        throw badRequest(
          'Give at least one of the query parameters translationIds, status, fromTime, toTime ' +
            '(fromTime=0 lists every translation)',
        );
      }
      const ids =
        translationIds === undefined ? undefined : idList('translationIds', translationIds);
      return (await store.list(orgId, { ids, status, fromTime, toTime })).map(toTranslationInfo);
    },

    /** The translation whose file may be downloaded now; 404 or 409 saying why not. */
    async downloadable(
      orgId: number,
      id: number,
    ): Promise<TranslationRow & { result_sha256: string }> {
      const row = await store.getInOrg(orgId, id);
      if (!row) throw notFound(`Translation ${id} not found`);
      if (row.status === 'InProgress') {
        throw conflict(
          `Translation ${id} is not ready yet: ${row.segments_done} of ${row.segments_total} ` +
            'segments done',
        );
      }
      if (row.status === 'Failed' || row.result_sha256 === null) {
        throw conflict(`Translation ${id} failed and has no file: ${row.error_msg ?? 'no reason'}`);
      }
      return row as TranslationRow & { result_sha256: string };
    },

    /** The first download completes the translation. */
    async downloaded(id: number): Promise<void> {
      await store.markDownloaded(id);
    },
  };
}

export type TranslationService = ReturnType<typeof createTranslationService>;
