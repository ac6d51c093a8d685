import { Readable } from 'node:stream';
import { csvField } from '../../shared/csv';
import type { BlobStore } from '../blobs/blob-store';
import { TMX_END, tmxStart, tmxUnit, type TmxHeader } from '../formats/tmx-writer';
import type { Queryable, Storage } from '../db/storage';
import { memoryQueries, type MemoryLanguages } from './queries';
import { taskQueries } from './task-queries';
import { termQueries } from './term-queries';
import type { UnitMetadata } from './staging';
import { languageTags } from './unit-locales';
import { unitQueries, type UnitRow } from './unit-queries';
import { PermanentWorkError, type WorkQueue } from '../work/queue';

/** The work kind; its payload is `{taskId}` (a `memory_tasks` row of kind `termbase-export`). */
export const EXPORT_TERMBASE = 'memory-termbase-export';

const PAGE = 1000;

/** What a unit keeps for its export: native codes, the language tags it was imported with. */
function exportedMetadata(row: UnitRow): UnitMetadata {
  return row.metadata === null ? {} : (JSON.parse(row.metadata) as UnitMetadata);
}

/**
 * A memory as TMX 1.4b, produced page by page (keyset paging by id: no statement stays open
 * across the awaits between pages, which the shared connection could not allow).
 */
export function memoryTmx(
  storage: Storage,
  memory: MemoryLanguages,
  toolVersion: string,
): Readable {
  const units = unitQueries(storage.db, storage.dialect);
  const header: TmxHeader = { ...languageTags(memory), toolVersion };
  async function* generate(): AsyncGenerator<string> {
    yield tmxStart(header);
    let afterId = 0;
    for (;;) {
      const rows = await units.page(memory.id, afterId, PAGE);
      if (rows.length === 0) break;
      let chunk = '';
      for (const row of rows) {
        const { codes, srclang, trglang } = exportedMetadata(row);
        chunk += tmxUnit(
          {
            id: row.id,
            source: row.source,
            target: row.target,
            prevSource: row.prev_source,
            nextSource: row.next_source,
            contextKey: row.context_key,
            origin: row.origin,
            created: row.created_at,
            changed: row.updated_at,
            codes,
            srclang,
            trglang,
          },
          header,
        );
      }
      afterId = rows[rows.length - 1]!.id;
      yield chunk;
    }
    yield TMX_END;
  }
  return Readable.from(generate());
}

/**
 * Registers the termbase export: the memory's terms as CSV (`srclang,trglang,<extra columns>`,
 * a header row, RFC 4180 quoting, CRLF), written to a blob that the memory then points at.
 */
export function registerTermbaseExport(
  queue: WorkQueue,
  deps: { storage: Storage; blobs: BlobStore },
): void {
  const { storage, blobs } = deps;
  const tasksIn = (db: Queryable) => taskQueries(db, storage.dialect);
  const memories = memoryQueries(storage.db, storage.dialect);
  const terms = termQueries(storage.db, storage.dialect);

  async function* csv(memory: MemoryLanguages): AsyncGenerator<Buffer> {
    const extras = await terms.extraNames(memory.id);
    const line = (cells: string[]) => `${cells.map((cell) => csvField(cell)).join(',')}\r\n`;
    yield Buffer.from(line([memory.srclang, memory.trglang, ...extras]));
    let afterId = 0;
    for (;;) {
      const rows = await terms.page(memory.id, afterId, PAGE);
      if (rows.length === 0) break;
      let chunk = '';
      for (const row of rows) {
        const extra = row.extra ? (JSON.parse(row.extra) as Record<string, string>) : {};
        chunk += line([row.source, row.target, ...extras.map((name) => extra[name] ?? '')]);
      }
      afterId = rows[rows.length - 1]!.id;
      yield Buffer.from(chunk);
    }
  }

  queue.register<{ taskId: number }>(EXPORT_TERMBASE, {
    maxAttempts: 3,
    async run({ taskId }) {
      const tasks = tasksIn(storage.db);
      const task = await tasks.get(taskId);
      if (!task || task.state === 'done' || task.state === 'failed') return;
      const memory = await memories.languages(task.memory_id);
      if (!memory) return;
      await tasks.markRunning(taskId);
      const staged = await blobs.stage(csv(memory), Number.MAX_SAFE_INTEGER);
      const previous = await blobs.commit(staged, async (tx) => {
        const q = tasksIn(tx);
        const replaced = await q.setTermbaseBlob(memory.id, staged.sha256);
        if (replaced === undefined) throw new PermanentWorkError(`Memory ${memory.id} is gone`);
        await q.finish(taskId, { state: 'done' });
        return replaced;
      });
      if (previous) await blobs.release(previous);
    },
    // Awaited by the queue: the task has ended before its item is marked failed.
    async onFailed({ taskId }, error) {
      await tasksIn(storage.db).finish(taskId, { state: 'failed', error });
    },
  });
}
