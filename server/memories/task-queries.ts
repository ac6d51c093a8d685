import type { Database } from '../db/db';
import { nowSeconds } from '../db/time';

export type MemoryTaskKind = 'import' | 'termbase-export';

/** An import or termbase export of a memory (`memory_tasks`). */
export interface MemoryTaskRow {
  id: number;
  memory_id: number;
  kind: MemoryTaskKind;
  state: 'queued' | 'running' | 'done' | 'failed';
  name: string | null;
  options: string;
  blob_sha256: string | null;
  user_id: number | null;
  error: string | null;
}

export interface TaskOutcome {
  state: 'done' | 'failed';
  error?: string | null;
  added?: number;
  skipped?: number;
}

const ACTIVE = `state IN ('queued', 'running')`;

/**
 * Imports and termbase exports. A memory is processing while it has a task queued or running;
 * an import's task holds the reference to its uploaded blob until it ends.
 */
export function createMemoryTaskStore(db: Database) {
  const insert = db.prepare(
    `INSERT INTO memory_tasks (memory_id, kind, name, options, blob_sha256, user_id, created_at)
     VALUES (@memoryId, @kind, @name, @options, @sha256, @userId, @now)`,
  );
  const selectOne = db.prepare<[number], MemoryTaskRow>(
    `SELECT id, memory_id, kind, state, name, options, blob_sha256, user_id, error
       FROM memory_tasks WHERE id = ?`,
  );
  const activeOfKind = db.prepare<[number, string], { id: number }>(
    `SELECT id FROM memory_tasks WHERE memory_id = ? AND kind = ? AND ${ACTIVE} ORDER BY id LIMIT 1`,
  );
  const markRunning = db.prepare<[number]>(
    `UPDATE memory_tasks SET state = 'running' WHERE id = ? AND ${ACTIVE}`,
  );
  const finish = db.prepare(
    `UPDATE memory_tasks SET state = @state, error = @error, added = @added, skipped = @skipped,
       blob_sha256 = NULL, finished_at = @now
     WHERE id = @id`,
  );
  const setImportError = db.prepare<[string | null, number]>(
    'UPDATE memories SET last_import_error = ? WHERE id = ?',
  );
  const termbaseOf = db.prepare<[number], { sha256: string | null }>(
    'SELECT termbase_sha256 AS sha256 FROM memories WHERE id = ?',
  );
  const setTermbase = db.prepare<[string, number]>(
    'UPDATE memories SET termbase_sha256 = ? WHERE id = ?',
  );

  return {
    createImport(input: {
      memoryId: number;
      name: string;
      options: object;
      sha256: string;
      userId: number | null;
    }): number {
      const result = insert.run({
        memoryId: input.memoryId,
        kind: 'import',
        name: input.name,
        options: JSON.stringify(input.options),
        sha256: input.sha256,
        userId: input.userId,
        now: nowSeconds(),
      });
      return Number(result.lastInsertRowid);
    },

    /** A new export task, or null when one is already queued or running (its id is `active`). */
    createTermbaseExport(memoryId: number, userId: number | null): number | null {
      if (activeOfKind.get(memoryId, 'termbase-export')) return null;
      const result = insert.run({
        memoryId,
        kind: 'termbase-export',
        name: null,
        options: '{}',
        sha256: null,
        userId,
        now: nowSeconds(),
      });
      return Number(result.lastInsertRowid);
    },

    get: (id: number): MemoryTaskRow | null => selectOne.get(id) ?? null,

    /** False when the task is gone (its memory was deleted) or already ended. */
    markRunning: (id: number): boolean => markRunning.run(id).changes > 0,

    /** Ends the task and drops its blob reference; returns the blob to release, if any. */
    finish(id: number, outcome: TaskOutcome): string | null {
      const row = selectOne.get(id);
      if (!row) return null;
      finish.run({
        id,
        state: outcome.state,
        error: outcome.error ?? null,
        added: outcome.added ?? null,
        skipped: outcome.skipped ?? null,
        now: nowSeconds(),
      });
      return row.blob_sha256;
    },

    isExporting: (memoryId: number): boolean => !!activeOfKind.get(memoryId, 'termbase-export'),

    setImportError: (memoryId: number, error: string | null): void => {
      setImportError.run(error, memoryId);
    },

    termbaseBlob: (memoryId: number): string | null => termbaseOf.get(memoryId)?.sha256 ?? null,

    /** Points the memory at its new termbase CSV; returns the previous one's blob. */
    setTermbaseBlob(memoryId: number, sha256: string): string | null {
      const previous = termbaseOf.get(memoryId)?.sha256 ?? null;
      setTermbase.run(sha256, memoryId);
      return previous === sha256 ? null : previous;
    },
  };
}

export type MemoryTaskStore = ReturnType<typeof createMemoryTaskStore>;
