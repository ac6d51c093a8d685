import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { BlobStore } from '../blobs/blob-store';
import type { LanguagePair } from '../formats/languages';
import { tbxBatches } from '../formats/tbx-reader';
import { readRows, tableLayout, type TableDialect } from '../formats/table-reader';
import { FormatError } from '../formats/text-decode';
import { isTermsFileName, sniffFormat } from '../formats/sniff';
import { tmxBatches } from '../formats/tmx-reader';
import type { SdlxliffFilter } from '../formats/sdlxliff-filters';
import { xliffBatches } from '../formats/xliff-reader';
import type { Database } from '../db/db';
import type { MemoryTaskStore } from './task-queries';
import { nowSeconds } from '../db/time';
import { PermanentWorkError, type WorkQueue } from '../work/queue';
import type { TmRegistry } from './registry';
import {
  applyStaged,
  openStaging,
  type Staging,
  type StagedTerm,
  type StagedUnit,
} from './staging';

/** The work kind; its payload is `{taskId}` (a `memory_tasks` row of kind `import`). */
export const IMPORT_MEMORY = 'memory-import';

/** Import options as stored with the task (already validated). */
export interface ImportOptions {
  hasHeaderRow?: boolean;
  skipDuplicates?: boolean;
  sdlxliffFilters?: SdlxliffFilter[];
}

const BATCH = 5000;
const HEAD_BYTES = 4096;
const READ_CHUNK = 256 * 1024;

interface MemoryLanguages extends LanguagePair {
  id: number;
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Stages batches of units or terms as they stream in. */
function batcher<T>(write: (batch: T[]) => void) {
  let batch: T[] = [];
  return {
    add(item: T) {
      batch.push(item);
      if (batch.length >= BATCH) {
        write(batch);
        batch = [];
      }
    },
    flush() {
      if (batch.length > 0) write(batch);
      batch = [];
    },
  };
}

/**
 * Parses the file into the staging area. Returns how many items the readers left out (a
 * `<tu>` without one of the languages, an empty translation, SDLXLIFF filters).
 */
async function stageFile(
  path: string,
  name: string,
  memory: MemoryLanguages,
  options: ImportOptions,
  staging: Staging,
): Promise<number> {
  const format = sniffFormat(await readHead(path), name);
  const stream = () => createReadStream(path, { highWaterMark: READ_CHUNK });
  const languages = { srclang: memory.srclang, trglang: memory.trglang };
  let skipped = 0;
  const onSkip = () => {
    skipped += 1;
  };
  const units = batcher<StagedUnit>((batch) => staging.addUnits(batch));
  const terms = batcher<StagedTerm>((batch) => staging.addTerms(batch));

  switch (format) {
    case 'tmx':
      for await (const batch of tmxBatches(stream(), { languages, onSkip })) {
        staging.addUnits(batch);
      }
      break;
    case 'xliff': {
      const filters = options.sdlxliffFilters;
      for await (const batch of xliffBatches(stream(), {
        languages,
        sdlxliffFilters: filters,
        onSkip,
      })) {
        staging.addUnits(batch);
      }
      break;
    }
    case 'tbx':
      for await (const batch of tbxBatches(stream(), { languages, onSkip }))
        staging.addTerms(batch);
      break;
    case 'csv':
    case 'tsv':
      skipped = await stageTable(stream(), format, name, languages, options, units, terms);
      break;
  }
  units.flush();
  terms.flush();
  return skipped;
}

async function stageTable(
  stream: AsyncIterable<Buffer>,
  dialect: TableDialect,
  name: string,
  languages: LanguagePair,
  options: ImportOptions,
  units: { add(unit: StagedUnit): void },
  terms: { add(term: StagedTerm): void },
): Promise<number> {
  let layout: ReturnType<typeof tableLayout> | null = null;
  let skipped = 0;
  let line = 0;
  for await (const row of readRows(stream, dialect)) {
    line += 1;
    if (row.length === 1 && row[0]?.trim() === '') continue;
    if (!layout) {
      layout = tableLayout(row, languages, {
        hasHeaderRow: options.hasHeaderRow,
        isTermsName: isTermsFileName(name),
      });
      if (layout.hasHeader) continue;
    }
    const source = row[layout.source]?.trim() ?? '';
    const target = row[layout.target]?.trim() ?? '';
    if (source === '' || target === '') {
      skipped += 1;
      continue;
    }
    if (!layout.isTerms) {
      units.add({ source, target });
      continue;
    }
    const extra: Record<string, string> = {};
    for (const column of layout.extras) {
      const value = row[column.index]?.trim();
      if (value) extra[column.name] = value;
    }
    terms.add({ source, target, extra });
  }
  if (line === 0) throw new FormatError('The file is empty');
  return skipped;
}

/**
 * Registers the `memory-import` work: stage the uploaded file (streamed, parsed in the
 * background), then copy it into the memory in one transaction that also ends the task, then
 * bring the loaded index up to date. A bad file (malformed or hostile XML, the wrong languages,
 * an unreadable table) ends the task as failed with its message in `last_import_error`, and the
 * memory is exactly as it was. The uploaded blob is released when the task ends either way.
 */
export function registerMemoryImport(
  queue: WorkQueue,
  deps: { db: Database; blobs: BlobStore; tasks: MemoryTaskStore; tm: TmRegistry },
): void {
  const { db, blobs, tasks, tm } = deps;
  const memoryOf = db.prepare<[number], MemoryLanguages>(
    'SELECT id, srclang, trglang FROM memories WHERE id = ?',
  );

  /** Records the failure; answers the release of the task's blob, for the caller to await. */
  const fail = (taskId: number, message: string): Promise<unknown> | undefined => {
    const task = tasks.get(taskId);
    if (!task || task.state === 'done' || task.state === 'failed') return;
    const sha256 = db.transaction(() => {
      tasks.setImportError(task.memory_id, message);
      return tasks.finish(taskId, { state: 'failed', error: message });
    })();
    if (sha256) return blobs.release(sha256);
  };

  queue.register<{ taskId: number }>(IMPORT_MEMORY, {
    maxAttempts: 2,
    async run({ taskId }) {
      const task = tasks.get(taskId);
      if (!task || task.state === 'done' || task.state === 'failed' || !task.blob_sha256) return;
      const memory = memoryOf.get(task.memory_id);
      if (!memory) return;
      tasks.markRunning(taskId);
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
        const applied = applyStaged(
          db,
          staging,
          {
            memoryId: memory.id,
            origin: name,
            userId: task.user_id,
            skipDuplicates: options.skipDuplicates === true,
            now: nowSeconds(),
          },
          (result) => {
            if (result) tasks.setImportError(memory.id, null);
            sha256 = tasks.finish(taskId, {
              state: 'done',
              added: result?.added ?? 0,
              skipped: skipped + (result?.duplicates ?? 0),
            });
          },
        );
        if (sha256) await blobs.release(sha256);
        // The index follows in the background (it is about to be searched); a load that fails
        // is tried again by the next search.
        if (applied) tm.appendCommitted(memory.id, applied.afterId).catch(() => undefined);
      } finally {
        staging.discard();
      }
    },
    onFailed({ taskId }, error) {
      // TODO(storage): the queue's onFailed is synchronous, so the blob's release is not awaited;
      // if it fails, the unreferenced blob stays until a later release of the same content.
      fail(taskId, `The import failed: ${error}`)?.catch(() => undefined);
    },
  });
}
