import type { QueryClient } from '@tanstack/react-query';
import type { Memory } from '../../../../shared/api/memories';
import type { UploadProgress } from '../../../../shared/ipc/contract';
import type { IpcError } from '../../../../shared/ipc/errors';
import { getBridge } from '../../bridge';
import { toIpcError } from '../../bridge/ipc-errors';
import { newUploadId, requestUploadCancel } from '../../bridge/upload-control';
import { findImport, isImportActive, useImportStore, type ImportItem } from './import-store';
import type { ImportOptions } from './memories-store';
import { memoryQueries } from './queries';

const POLL_MS = 1000;
// A dropped connection while waiting is retried; this many failures in a row end the wait.
const MAX_POLL_FAILURES = 5;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Importer {
  enqueue: (memoryId: number, files: readonly File[], options: ImportOptions) => void;
  cancel: (key: string) => Promise<void>;
  retry: (key: string) => void;
}

/**
 * Runs imports into memories: one at a time per memory (the server processes a memory's imports
 * in turn), upload progress from `uploads:progress`, cancel through `uploads:cancel`, then a
 * wait until the memory is no longer processing. It lives outside any component, so imports go
 * on while the user looks at another view.
 */
export function createImporter(queryClient: QueryClient): Importer {
  const store = useImportStore.getState;
  const running = new Map<string, { isCancelRequested: boolean }>();
  let unsubscribe: (() => void) | null = null;

  /** The row of this attempt, unless it was dismissed or tried again since. */
  const attempt = (item: ImportItem) => {
    const current = findImport(item.key);
    return current?.uploadId === item.uploadId ? current : undefined;
  };
  const patchAttempt = (item: ImportItem, patch: Partial<ImportItem>) => {
    if (attempt(item)) store().patch(item.key, patch);
  };

  const onProgress = ({ uploadId, sentBytes, totalBytes }: UploadProgress) => {
    const item = store().items.find((row) => row.uploadId === uploadId);
    if (!item || item.state !== 'uploading') return;
    store().patch(item.key, {
      sentBytes: Math.max(item.sentBytes, sentBytes),
      totalBytes: totalBytes ?? item.totalBytes,
    });
  };

  /**
   * The memory as the server has it now. `maxAgeMs` lets a list the view's own polling has just
   * fetched stand in, so the two do not double up; 0 asks the server whatever the cache holds.
   */
  const fetchMemory = async (id: number, maxAgeMs: number): Promise<Memory | undefined> => {
    const list = await queryClient.fetchQuery({ ...memoryQueries.list(), staleTime: maxAgeMs });
    return list.find((memory) => memory.id === id);
  };

  /** Waits until the server has read the file; the memory's counts before and after say what it added. */
  async function awaitProcessing(item: ImportItem, before: Memory | undefined) {
    let failures = 0;
    // The first look must come after the import was accepted: an older list says "not processing".
    let maxAgeMs = 0;
    for (;;) {
      let memory: Memory | undefined;
      try {
        memory = await fetchMemory(item.memoryId, maxAgeMs);
        maxAgeMs = POLL_MS / 2;
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures >= MAX_POLL_FAILURES) {
          const cause = toIpcError(error);
          return patchAttempt(item, {
            state: 'failed',
            error: { ...cause, message: `Lost track of the import: ${cause.message}` },
          });
        }
        await delay(POLL_MS);
        continue;
      }
      if (!memory) {
        return patchAttempt(item, {
          state: 'failed',
          error: { code: 'not-found', message: 'The memory was deleted during the import.' },
        });
      }
      if (!memory.is_processing) {
        if (memory.last_import_error) {
          const error: IpcError = { code: 'bad-request', message: memory.last_import_error };
          return patchAttempt(item, { state: 'failed', error });
        }
        return patchAttempt(item, {
          state: 'done',
          added: {
            units: Math.max(0, memory.num_segments - (before?.num_segments ?? 0)),
            terms: Math.max(0, memory.num_terms - (before?.num_terms ?? 0)),
          },
        });
      }
      await delay(POLL_MS);
    }
  }

  const pump = () => {
    const { items } = store();
    const busy = new Set(items.filter(isImportActive).map((item) => item.memoryId));
    for (const item of items) {
      if (item.state !== 'queued' || busy.has(item.memoryId)) continue;
      busy.add(item.memoryId);
      void run(item);
    }
    if (running.size === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
    }
  };

  async function run(queued: ImportItem) {
    const control = { isCancelRequested: false };
    running.set(queued.uploadId, control);
    unsubscribe ??= getBridge().on('uploads:progress', onProgress);
    store().patch(queued.key, { state: 'uploading', sentBytes: 0, error: null, added: null });
    const item = findImport(queued.key) ?? queued;
    try {
      const before = await fetchMemory(item.memoryId, 0).catch(() => undefined);
      await getBridge().memories.import({
        uploadId: item.uploadId,
        memory_id: item.memoryId,
        name: item.name,
        file: item.file,
        has_header_row: item.options.hasHeaderRow,
        skip_duplicates: item.options.skipDuplicates,
      });
      running.delete(item.uploadId);
      // The file has arrived: the import goes on even if a cancel came just too late.
      patchAttempt(item, {
        state: 'processing',
        sentBytes: item.totalBytes,
        isCancelling: false,
        isImportedDespiteCancel: control.isCancelRequested,
      });
      await awaitProcessing(item, before);
      // Searches and terms may have changed along with the counts.
      void queryClient.invalidateQueries({ queryKey: memoryQueries.searches(item.memoryId) });
      void queryClient.invalidateQueries({ queryKey: memoryQueries.terms(item.memoryId).queryKey });
    } catch (error) {
      if (attempt(item)?.state === 'uploading') {
        store().patch(
          item.key,
          control.isCancelRequested
            ? { state: 'cancelled', isCancelling: false }
            : { state: 'failed', error: toIpcError(error) },
        );
      }
    } finally {
      running.delete(item.uploadId);
      pump();
    }
  }

  return {
    enqueue(memoryId, files, options) {
      store().add(
        files.map((file) => {
          const uploadId = newUploadId();
          return {
            key: uploadId,
            uploadId,
            memoryId,
            name: file.name,
            file,
            options,
            state: 'queued',
            sentBytes: 0,
            totalBytes: file.size,
            error: null,
            isCancelling: false,
            isImportedDespiteCancel: false,
            added: null,
          } satisfies ImportItem;
        }),
      );
      pump();
    },

    async cancel(key) {
      const item = findImport(key);
      if (item?.state === 'queued') {
        store().patch(key, { state: 'cancelled' });
        return;
      }
      const control = item && running.get(item.uploadId);
      if (!item || !control) return;
      control.isCancelRequested = true;
      store().patch(key, { isCancelling: true });
      const stopped = await requestUploadCancel(item.uploadId, () => running.has(item.uploadId));
      // The host has stopped sending; the row and the memory's turn need not wait for the call
      // to unwind.
      if (stopped && attempt(item)?.state === 'uploading') {
        store().patch(key, { state: 'cancelled', isCancelling: false });
        pump();
      }
    },

    retry(key) {
      const item = findImport(key);
      if (!item || (item.state !== 'failed' && item.state !== 'cancelled')) return;
      store().patch(key, {
        uploadId: newUploadId(),
        state: 'queued',
        sentBytes: 0,
        error: null,
        isImportedDespiteCancel: false,
        added: null,
      });
      pump();
    },
  };
}
