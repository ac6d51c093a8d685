import type { Dialect, Queryable } from '../db/storage';
import { sourceHash } from './source-hash';

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

const INDEX_COLUMNS = [
  'id',
  'source',
  'target',
  'prev_source',
  'next_source',
  'context_key',
] as const;
const ALL_COLUMNS = [
  ...INDEX_COLUMNS,
  'memory_id',
  'origin',
  'metadata',
  'created_at',
  'updated_at',
  'created_by',
] as const;

const metadataJson = (metadata: Record<string, unknown> | null | undefined) =>
  metadata && Object.keys(metadata).length > 0 ? JSON.stringify(metadata) : null;

/**
 * SQL for units and the counters they keep on their memory. Plain statements: the caller (the
 * registry, server/memories/registry.ts) runs them in its transaction and keeps the index in step.
 * `db` is the storage's handle or an open transaction.
 */
export function unitQueries(db: Queryable, dialect: Dialect) {
  const rowOf = (memoryId: number, id: number) =>
    db
      .selectFrom('memory_units')
      .select(ALL_COLUMNS)
      .where('id', '=', id)
      .where('memory_id', '=', memoryId);

  return {
    async insert(memoryId: number, unit: NewUnit, now: number): Promise<UnitRow> {
      return db
        .insertInto('memory_units')
        .values({
          memory_id: memoryId,
          source: unit.source,
          target: unit.target,
          source_hash: sourceHash(unit.source),
          prev_source: unit.prevSource ?? null,
          next_source: unit.nextSource ?? null,
          context_key: unit.contextKey ?? null,
          origin: unit.origin,
          metadata: metadataJson(unit.metadata),
          created_at: unit.createdAt ?? now,
          updated_at: unit.updatedAt ?? unit.createdAt ?? now,
          created_by: unit.createdBy ?? null,
        })
        .returning(ALL_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** The updated row, or null when the memory has no such unit. */
    async update(
      memoryId: number,
      id: number,
      patch: UnitPatch,
      now: number,
    ): Promise<UnitRow | null> {
      // The patch merges into the row as read: on PostgreSQL nobody may change it in between.
      const read = rowOf(memoryId, id);
      const row = await (dialect === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
      if (!row) return null;
      const source = patch.source ?? row.source;
      const updated = await db
        .updateTable('memory_units')
        .set({
          source,
          target: patch.target ?? row.target,
          source_hash: sourceHash(source),
          prev_source: patch.prevSource === undefined ? row.prev_source : patch.prevSource,
          next_source: patch.nextSource === undefined ? row.next_source : patch.nextSource,
          context_key: patch.contextKey === undefined ? row.context_key : patch.contextKey,
          metadata: patch.metadata === undefined ? row.metadata : metadataJson(patch.metadata),
          updated_at: now,
        })
        .where('id', '=', id)
        .where('memory_id', '=', memoryId)
        .returning(ALL_COLUMNS)
        .executeTakeFirst();
      return updated ?? null;
    },

    async remove(memoryId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('memory_units')
        .where('id', '=', id)
        .where('memory_id', '=', memoryId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    get: async (memoryId: number, id: number): Promise<UnitRow | null> =>
      (await rowOf(memoryId, id).executeTakeFirst()) ?? null,

    /** Up to `limit` units after `afterId`, by id (loading an index a slice at a time). */
    indexPage: (memoryId: number, afterId: number, limit: number): Promise<IndexRow[]> =>
      db
        .selectFrom('memory_units')
        .select(INDEX_COLUMNS)
        .where('memory_id', '=', memoryId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** The memory's unit count as its counter has it (0: no such memory): sizes an index. */
    async unitCount(memoryId: number): Promise<number> {
      const row = await db
        .selectFrom('memories')
        .select('num_segments')
        .where('id', '=', memoryId)
        .executeTakeFirst();
      return Number(row?.num_segments ?? 0);
    },

    /** The units of the memory among `ids` that still exist (re-reading changed units). */
    indexRows: (memoryId: number, ids: readonly number[]): Promise<IndexRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('memory_units')
            .select(INDEX_COLUMNS)
            .where('memory_id', '=', memoryId)
            .where('id', 'in', ids)
            .execute(),

    /** Up to `limit` units after `afterId` (keyset paging, for streamed exports). */
    page: (memoryId: number, afterId: number, limit: number): Promise<UnitRow[]> =>
      db
        .selectFrom('memory_units')
        .select(ALL_COLUMNS)
        .where('memory_id', '=', memoryId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Counts `delta` more (or fewer) units, bumps the version and `updated_at`. */
    async touchMemory(memoryId: number, delta: number, now: number): Promise<void> {
      await db
        .updateTable('memories')
        .set((eb) => ({
          num_segments: eb('num_segments', '+', delta),
          version: eb('version', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', memoryId)
        .execute();
    },
  };
}

export type UnitQueries = ReturnType<typeof unitQueries>;
