import type { BlobStore } from '../blobs/blob-store';
import { FormatError } from '../formats/text-decode';
import type { SdlxliffFilter } from '../formats/sdlxliff-filters';
import type { Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { applyStaged } from './apply-import';
import { memoryQueries } from './queries';
import { taskQueries } from './task-queries';
import { PermanentWorkError, type WorkQueue } from '../work/queue';
import type { TmRegistry } from './registry';
import { stageFile } from './stage-file';
import { openStaging } from './staging';

/** The work kind; its payload is `{taskId}` (a `memory_tasks` row of kind `import`). */
export const IMPORT_MEMORY = 'memory-import';

/** Import options as stored with the task (already validated). */
export interface ImportOptions {
  hasHeaderRow?: boolean;
  skipDuplicates?: boolean;
  sdlxliffFilters?: SdlxliffFilter[];
}

/**
 * Registers the `memory-import` work: stage the uploaded file (streamed, parsed in the
 * background), then copy it into the memory (apply-import.ts: bounded transactions, the last of
 * which also ends the task), then bring the loaded index up to date. A bad file (malformed or
 * hostile XML, the wrong languages, an unreadable table) ends the task as failed with its message
 * in `last_import_error`, and the memory is exactly as it was. The uploaded blob is released when
 * the task ends either way.
 */
export function registerMemoryImport(
  queue: WorkQueue,
  deps: { storage: Storage; blobs: BlobStore; tm: TmRegistry },
): void {
  const { storage, blobs, tm } = deps;
  const tasksIn = (db: Queryable) => taskQueries(db, storage.dialect);
  const tasks = tasksIn(storage.db);

  /** Records the failure, then releases the task's blob. */
  async function fail(taskId: number, message: string): Promise<void> {
    const sha256 = await storage.transaction(async (tx) => {
      const q = tasksIn(tx);
      const task = await q.get(taskId);
      if (!task || task.state === 'done' || task.state === 'failed') return null;
      await q.setImportError(task.memory_id, message);
      return q.finish(taskId, { state: 'failed', error: message });
    });
    if (sha256) await blobs.release(sha256);
  }

  queue.register<{ taskId: number }>(IMPORT_MEMORY, {
    maxAttempts: 2,
    async run({ taskId }) {
      const task = await tasks.get(taskId);
      if (!task || task.state === 'done' || task.state === 'failed' || !task.blob_sha256) return;
      const memory = await memoryQueries(storage.db, storage.dialect).languages(task.memory_id);
      if (!memory) return;
      await tasks.markRunning(taskId);
      const options = JSON.parse(task.options) as ImportOptions;
      const name = task.name ?? 'import';
      const staging = openStaging(blobs.tmpDir);
      try {
        let skipped: number;
        try {
          skipped = await stageFile(blobs.pathOf(task.blob_sha256), name, memory, options, staging);
          if (staging.units + staging.terms === 0 && skipped > 0) {
            throw new FormatError(
              `The file has nothing to import in ${memory.srclang} to ${memory.trglang} ` +
                `(${skipped} entries without both languages or without a translation)`,
            );
          }
        } catch (error) {
          if (!(error instanceof FormatError)) throw error;
          await fail(taskId, error.message);
          throw new PermanentWorkError(error.message);
        }
        staging.finishReading();
        let sha256: string | null = null;
        const applied = await applyStaged(storage, staging, {
          memoryId: memory.id,
          origin: name,
          userId: task.user_id,
          skipDuplicates: options.skipDuplicates === true,
          now: nowSeconds(),
          // While the task runs, `added` and `skipped` count what its transactions committed.
          earlier: { added: task.added ?? 0, duplicates: task.skipped ?? 0 },
          recordProgress: (tx, step) =>
            tasksIn(tx).addProgress(taskId, step.added, step.duplicates),
          async recordEnd(tx, result) {
            const q = tasksIn(tx);
            if (result) await q.setImportError(memory.id, null);
            sha256 = await q.finish(taskId, {
              state: 'done',
              added: result?.added ?? 0,
              skipped: skipped + (result?.duplicates ?? 0),
            });
          },
        });
        if (sha256) await blobs.release(sha256);
        // The index follows in the background (it is about to be searched); a load that fails
        // is tried again by the next search.
        if (applied) tm.appendCommitted(memory.id, applied.afterId).catch(() => undefined);
      } finally {
        staging.discard();
      }
    },
    // Awaited by the queue: the task says why before its item is marked failed.
    onFailed: ({ taskId }, error) => fail(taskId, `The import failed: ${error}`),
  });
}
