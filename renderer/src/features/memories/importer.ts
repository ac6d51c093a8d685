import type { QueryClient } from '@tanstack/react-query';
import type { Memory } from '../../../../shared/api/memories';
import type { IpcError } from '../../../../shared/ipc/errors';
import { getBridge } from '../../bridge';
import { toIpcError } from '../../bridge/ipc-errors';
import { createTransferQueue } from '../../bridge/transfer-queue';
import { newUploadId } from '../../bridge/upload-control';
import { concordanceQueries } from '../../queries/concordance';
import { memoryQueries } from '../../queries/memories';
import { isImportActive, useImportStore, type ImportItem } from './import-store';
import type { ImportOptions } from './memories-store';

const POLL_MS = 1000;
// A dropped connection while waiting is retried; this many failures in a row end the wait.
const MAX_POLL_FAILURES = 5;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Importer {
  enqueue: (memoryId: number, files: readonly File[], options: ImportOptions) => void;
  cancel: (key: string) => Promise<void>;
  retry: (key: string) => void;
}

/** The queued rows that may start: one per memory that is not busy with another import. */
function startable(items: readonly ImportItem[]): ImportItem[] {
  const busy = new Set(items.filter(isImportActive).map((item) => item.memoryId));
  const start: ImportItem[] = [];
  for (const item of items) {
    if (item.state !== 'queued' || busy.has(item.memoryId)) continue;
    busy.add(item.memoryId);
    start.push(item);
  }
  return start;
}

/**
 * Runs imports into memories: one at a time per memory (the server processes a memory's imports
 * in turn), with progress, cancel and try again, then a wait until the memory is no longer
 * processing.
 */
export function createImporter(queryClient: QueryClient): Importer {
  /**
   * The memory as the server has it now. `maxAgeMs` lets a list the view's own polling has just
   * fetched stand in, so the two do not double up; 0 asks the server whatever the cache holds.
   */
  const fetchMemory = async (id: number, maxAgeMs: number): Promise<Memory | undefined> => {
    const list = await queryClient.fetchQuery({ ...memoryQueries.list(), staleTime: maxAgeMs });
    return list.find((memory) => memory.id === id);
  };

  /** Waits until the server has read the file; the memory's counts before and after say what it added. */
  async function awaitProcessing(
    item: ImportItem,
    before: Memory | undefined,
    patchAttempt: (patch: Partial<ImportItem>) => void,
  ) {
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
          return patchAttempt({
            state: 'failed',
            error: { ...cause, message: `Lost track of the import: ${cause.message}` },
          });
        }
        await delay(POLL_MS);
        continue;
      }
      if (!memory) {
        return patchAttempt({
          state: 'failed',
          error: { code: 'not-found', message: 'The memory was deleted during the import.' },
        });
      }
      if (!memory.is_processing) {
        if (memory.last_import_error) {
          const error: IpcError = { code: 'bad-request', message: memory.last_import_error };
          return patchAttempt({ state: 'failed', error });
        }
        return patchAttempt({
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

  const queue = createTransferQueue<ImportItem>({
    store: useImportStore,
    startable,
    freshAttempt: { isImportedDespiteCancel: false, added: null },
    async transfer(item, control) {
      control.patch({ added: null });
      const before = await fetchMemory(item.memoryId, 0).catch(() => undefined);
      await getBridge().memories.import({
        uploadId: item.uploadId,
        memory_id: item.memoryId,
        name: item.name,
        file: item.file,
        has_header_row: item.options.hasHeaderRow,
        skip_duplicates: item.options.skipDuplicates,
      });
      control.sent();
      // The file has arrived: the import goes on even if a cancel came just too late.
      control.patch({
        state: 'processing',
        sentBytes: item.totalBytes,
        isCancelling: false,
        isImportedDespiteCancel: control.isCancelRequested(),
      });
      await awaitProcessing(item, before, control.patch);
      // Searches and terms may have changed along with the counts.
      void queryClient.invalidateQueries({ queryKey: memoryQueries.searches(item.memoryId) });
      void queryClient.invalidateQueries({ queryKey: concordanceQueries.ofMemory(item.memoryId) });
      void queryClient.invalidateQueries({ queryKey: memoryQueries.terms(item.memoryId).queryKey });
    },
  });

  return {
    enqueue(memoryId, files, options) {
      queue.add(
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
    },
    cancel: queue.cancel,
    retry: queue.retry,
  };
}
