import { Readable } from 'node:stream';
import { csvField } from '../../shared/csv';
import type { BlobStore } from '../blobs/blob-store';
import type { NativeCodes } from '../formats/inline-codes';
import { TMX_END, tmxStart, tmxUnit, type TmxHeader } from '../formats/tmx-writer';
import type { Database } from '../db/db';
import type { MemoryTaskStore } from './task-queries';
import { createUnitStore, type UnitRow } from './unit-queries';
import { PermanentWorkError, type WorkQueue } from '../work/queue';

/** The work kind; its payload is `{taskId}` (a `memory_tasks` row of kind `termbase-export`). */
export const EXPORT_TERMBASE = 'memory-termbase-export';

const PAGE = 1000;

interface MemoryLanguages {
  id: number;
  name: string;
  srclang: string;
  trglang: string;
  srclocale: string | null;
  trglocale: string | null;
}

const tag = (lang: string, locale: string | null) => (locale ? `${lang}-${locale}` : lang);

function codesOf(row: UnitRow): NativeCodes | undefined {
  if (row.metadata === null) return undefined;
  const metadata = JSON.parse(row.metadata) as { codes?: NativeCodes };
  return metadata.codes;
}

/**
 * A memory as TMX 1.4b, produced page by page (keyset paging by id: no statement stays open
 * across the awaits between pages, which the shared connection could not allow).
 */
export function memoryTmx(db: Database, memory: MemoryLanguages, toolVersion: string): Readable {
  const units = createUnitStore(db);
  const header: TmxHeader = {
    srclang: tag(memory.srclang, memory.srclocale),
    trglang: tag(memory.trglang, memory.trglocale),
    toolVersion,
  };
  async function* generate(): AsyncGenerator<string> {
    yield tmxStart(header);
    let afterId = 0;
    for (;;) {
      const rows = units.page(memory.id, afterId, PAGE);
      if (rows.length === 0) break;
      let chunk = '';
      for (const row of rows) {
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
            codes: codesOf(row),
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

interface TermRow {
  id: number;
  source: string;
  target: string;
  extra: string | null;
}

/**
 * Registers the termbase export: the memory's terms as CSV (`srclang,trglang,<extra columns>`,
 * a header row, RFC 4180 quoting, CRLF), written to a blob that the memory then points at.
 */
export function registerTermbaseExport(
  queue: WorkQueue,
  deps: { db: Database; blobs: BlobStore; tasks: MemoryTaskStore },
): void {
  const { db, blobs, tasks } = deps;
  const memoryOf = db.prepare<[number], MemoryLanguages>(
    'SELECT id, name, srclang, trglang, srclocale, trglocale FROM memories WHERE id = ?',
  );
  const extraNames = db.prepare<[number], { name: string }>(
    `SELECT DISTINCT j.key AS name FROM memory_terms t, json_each(t.extra) j
      WHERE t.memory_id = ? AND t.extra IS NOT NULL ORDER BY j.key`,
  );
  const page = db.prepare<[number, number, number], TermRow>(
    `SELECT id, source, target, extra FROM memory_terms WHERE memory_id = ? AND id > ?
      ORDER BY id LIMIT ?`,
  );

  async function* csv(memory: MemoryLanguages): AsyncGenerator<Buffer> {
    const extras = extraNames.all(memory.id).map((row) => row.name);
    const line = (cells: string[]) => `${cells.map((cell) => csvField(cell)).join(',')}\r\n`;
    yield Buffer.from(line([memory.srclang, memory.trglang, ...extras]));
    let afterId = 0;
    for (;;) {
      const rows = page.all(memory.id, afterId, PAGE);
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
      const task = tasks.get(taskId);
      if (!task || task.state === 'done' || task.state === 'failed') return;
      const memory = memoryOf.get(task.memory_id);
      if (!memory) return;
      tasks.markRunning(taskId);
      const staged = await blobs.stage(csv(memory), Number.MAX_SAFE_INTEGER);
      let previous: string | null = null;
      // TODO(storage): these are still synchronous better-sqlite3 calls; on SQLite they run on the
      // same handle inside the commit's open transaction. Move them to `tx` with this area.
      await blobs.commit(staged, async () => {
        if (!memoryOf.get(memory.id)) throw new PermanentWorkError(`Memory ${memory.id} is gone`);
        previous = tasks.setTermbaseBlob(memory.id, staged.sha256);
        tasks.finish(taskId, { state: 'done' });
      });
      if (previous) await blobs.release(previous);
    },
    onFailed({ taskId }, error) {
      tasks.finish(taskId, { state: 'failed', error });
    },
  });
}
