import { sourceHash } from './source-hash';
import type { Database } from '../db/db';

/** A unit as stored (`memory_units`). */
export interface UnitRow {
  id: number;
  memory_id: number;
  source: string;
  target: string;
  prev_source: string | null;
  next_source: string | null;
  context_key: string | null;
  origin: string;
  metadata: string | null;
  created_at: number;
  updated_at: number;
  created_by: number | null;
}

/** What the index needs of a unit. */
export interface IndexRow {
  id: number;
  source: string;
  target: string;
  prev_source: string | null;
  next_source: string | null;
  context_key: string | null;
}

/** A unit to add. Source and target are in the canonical form (server/formats/inline-codes.ts). */
export interface NewUnit {
  source: string;
  target: string;
  prevSource?: string | null;
  nextSource?: string | null;
  contextKey?: string | null;
  /** Where it comes from: an import's file name, `editor`, `api`. */
  origin: string;
  /** Anything else worth keeping (TMX props, the native data of inline codes). */
  metadata?: Record<string, unknown> | null;
  createdAt?: number;
  updatedAt?: number;
  createdBy?: number | null;
}

/** What may change in a unit. */
export type UnitPatch = Partial<
  Pick<NewUnit, 'source' | 'target' | 'prevSource' | 'nextSource' | 'contextKey' | 'metadata'>
>;

const INDEX_COLUMNS = 'id, source, target, prev_source, next_source, context_key';
const ALL_COLUMNS = `id, memory_id, source, target, prev_source, next_source, context_key, origin,
  metadata, created_at, updated_at, created_by`;

const metadataJson = (metadata: Record<string, unknown> | null | undefined) =>
  metadata && Object.keys(metadata).length > 0 ? JSON.stringify(metadata) : null;

/**
 * SQL for units and the counters they keep on their memory. Plain statements: the caller (the
 * registry, server/memories/registry.ts) runs them in its transaction and keeps the index in step.
 */
export function createUnitStore(db: Database) {
  const insert = db.prepare(
    `INSERT INTO memory_units (memory_id, source, target, source_hash, prev_source, next_source,
       context_key, origin, metadata, created_at, updated_at, created_by)
     VALUES (@memoryId, @source, @target, @hash, @prevSource, @nextSource, @contextKey, @origin,
       @metadata, @createdAt, @updatedAt, @createdBy)`,
  );
  const selectOne = db.prepare<[number, number], UnitRow>(
    `SELECT ${ALL_COLUMNS} FROM memory_units WHERE id = ? AND memory_id = ?`,
  );
  const selectById = db.prepare<[number], UnitRow>(
    `SELECT ${ALL_COLUMNS} FROM memory_units WHERE id = ?`,
  );
  const update = db.prepare(
    `UPDATE memory_units SET source = @source, target = @target, source_hash = @hash,
       prev_source = @prevSource, next_source = @nextSource, context_key = @contextKey,
       metadata = @metadata, updated_at = @updatedAt
     WHERE id = @id AND memory_id = @memoryId`,
  );
  const remove = db.prepare<[number, number]>(
    'DELETE FROM memory_units WHERE id = ? AND memory_id = ?',
  );
  const indexPage = db.prepare<[number, number, number], IndexRow>(
    `SELECT ${INDEX_COLUMNS} FROM memory_units WHERE memory_id = ? AND id > ? ORDER BY id LIMIT ?`,
  );
  const page = db.prepare<[number, number, number], UnitRow>(
    `SELECT ${ALL_COLUMNS} FROM memory_units WHERE memory_id = ? AND id > ? ORDER BY id LIMIT ?`,
  );
  const exact = db.prepare<[number, number, string], UnitRow>(
    `SELECT ${ALL_COLUMNS} FROM memory_units WHERE memory_id = ? AND source_hash = ? AND source = ?
     ORDER BY id DESC`,
  );
  const maxId = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM memory_units');
  const touch = db.prepare<[number, number, number]>(
    `UPDATE memories SET num_segments = num_segments + ?, version = version + 1, updated_at = ?
     WHERE id = ?`,
  );

  return {
    insert(memoryId: number, unit: NewUnit, now: number): number {
      const result = insert.run({
        memoryId,
        source: unit.source,
        target: unit.target,
        hash: sourceHash(unit.source),
        prevSource: unit.prevSource ?? null,
        nextSource: unit.nextSource ?? null,
        contextKey: unit.contextKey ?? null,
        origin: unit.origin,
        metadata: metadataJson(unit.metadata),
        createdAt: unit.createdAt ?? now,
        updatedAt: unit.updatedAt ?? unit.createdAt ?? now,
        createdBy: unit.createdBy ?? null,
      });
      return Number(result.lastInsertRowid);
    },

    /** The updated row, or null when the memory has no such unit. */
    update(memoryId: number, id: number, patch: UnitPatch, now: number): UnitRow | null {
      const row = selectOne.get(id, memoryId);
      if (!row) return null;
      const source = patch.source ?? row.source;
      update.run({
        id,
        memoryId,
        source,
        target: patch.target ?? row.target,
        hash: sourceHash(source),
        prevSource: patch.prevSource === undefined ? row.prev_source : patch.prevSource,
        nextSource: patch.nextSource === undefined ? row.next_source : patch.nextSource,
        contextKey: patch.contextKey === undefined ? row.context_key : patch.contextKey,
        metadata: patch.metadata === undefined ? row.metadata : metadataJson(patch.metadata),
        updatedAt: now,
      });
      return selectOne.get(id, memoryId) ?? null;
    },

    remove: (memoryId: number, id: number): boolean => remove.run(id, memoryId).changes > 0,

    get: (memoryId: number, id: number): UnitRow | null => selectOne.get(id, memoryId) ?? null,

    byId: (id: number): UnitRow | null => selectById.get(id) ?? null,

    /** Units with exactly this source, newest first. */
    exact: (memoryId: number, source: string): UnitRow[] =>
      exact.all(memoryId, sourceHash(source), source),

    /** Up to `limit` units after `afterId`, by id (loading an index a slice at a time). */
    indexPage: (memoryId: number, afterId: number, limit: number): IndexRow[] =>
      indexPage.all(memoryId, afterId, limit),

    /** Up to `limit` units after `afterId` (keyset paging, for streamed exports). */
    page: (memoryId: number, afterId: number, limit: number): UnitRow[] =>
      page.all(memoryId, afterId, limit),

    /** The highest unit id of any memory (new rows get higher ones). */
    maxId: (): number => maxId.get()?.id ?? 0,

    /** Counts `delta` more (or fewer) units, bumps the version and `updated_at`. */
    touchMemory(memoryId: number, delta: number, now: number): void {
      touch.run(delta, now, memoryId);
    },
  };
}

export type UnitStore = ReturnType<typeof createUnitStore>;
