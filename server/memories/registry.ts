import type { TranslationMemoryEntry } from '../../shared/api/tm';
import { restoreInlineCodes, type TmIndex, type TmIndexOptions } from '../tm';
import { createConcordantTmIndex } from '../tm/concordance-tm-index';
import type { Storage } from '../db/storage';
import { createIndexSet } from './index-set';
import { createUnitWrites } from './unit-writer';
import { matchQueries, type MatchedUnit } from './match-queries';
import { followUnitChanges } from './registry-feed';
import type { NewUnit, UnitPatch, UnitRow } from './unit-queries';
import type { ConcordanceBuildOptions } from './concordance-build';

export { LOAD_SLICE } from './index-set';
export type { UnitWriter } from './unit-writer';

/** The engine's entry points (server/tm/), injectable so tests can count or slow them. */
export interface TmEngine {
  createTmIndex(options?: TmIndexOptions): TmIndex;
  restoreInlineCodes(matchSource: string, matchTarget: string, currentSource: string): string;
  /** How concordance builds pace and wait (concordance-build.ts; tests hold a build). */
  concordanceBuild?: ConcordanceBuildOptions;
}

/**
 * The server's engine: the fuzzy index with the concordance's word lists beside it, built on a
 * memory's first concordance search (GET /v2/memories/concordance).
 */
export const defaultTmEngine: TmEngine = {
  createTmIndex: createConcordantTmIndex,
  restoreInlineCodes,
};

/** The current segment's surroundings, for the 101 (context) match. */
export interface MatchContext {
  prevSource?: string | null;
  nextSource?: string | null;
  contextKey?: string | null;
}

export interface FindOptions {
  /** At most this many matches (default 10). */
  n?: number;
  /** Lowest score (default 50). */
  threshold?: number;
  context?: MatchContext;
}

export const DEFAULT_MATCHES = 10;
export const DEFAULT_THRESHOLD = 50;

export interface TmRegistryOptions {
  engine?: TmEngine;
  /** Told when the change feed loses its connection (it reconnects and catches up itself). */
  onFeedError?: (error: Error) => void;
  /** Milliseconds of list building per turn of the event loop (index-set.ts; tests pass 0). */
  buildStepMs?: number;
}

/**
 * The translation memories' fuzzy indexes, one per memory, kept in step with the database.
 *
 * - An index is loaded on first use (`ready`, `findMatches`), a slice of rows at a time, and its
 *   lists built a step at a time, so the server goes on answering while a million units load;
 *   later rebuilds run in the background the same way (index-set.ts).
 * - Every change to units goes through `write` (or `addUnit`/`updateUnit`/`deleteUnit`): the
 *   rows change in one transaction, and a loaded index follows only once it has committed, so
 *   a rolled-back change never reaches it. Bulk imports insert rows themselves and then call
 *   `appendCommitted`.
 * - On PostgreSQL every process's changes also arrive through the change feed (registry-feed.ts);
 *   this process's own arrive twice, which changes nothing.
 */
export function createTmRegistry(storage: Storage, options: TmRegistryOptions = {}) {
  const engine = options.engine ?? defaultTmEngine;
  const matches = matchQueries(storage.db);
  /** Each memory's organization, which never changes (ids are never reused). */
  const owners = new Map<number, number>();
  // The feed starts with the first load, before it reads a row.
  const indexes = createIndexSet(
    storage,
    (onBuildNeeded) => engine.createTmIndex({ onBuildNeeded }),
    () => feed.started(),
    options.buildStepMs,
  );

  function forget(memoryId: number): void {
    indexes.drop(memoryId);
    owners.delete(memoryId);
  }

  const feed = followUnitChanges(
    storage,
    {
      indexes,
      forget,
      forgetAll() {
        indexes.dropAll();
        owners.clear();
      },
    },
    options.onFeedError ?? (() => undefined),
  );

  /** The memory's organization, from the cache once read. */
  async function readOwner(memoryId: number): Promise<number | undefined> {
    const owner = await matches.ownerOf(memoryId);
    if (owner !== undefined) owners.set(memoryId, owner);
    return owner;
  }

  const isOwner = async (orgId: number, memoryId: number) =>
    (owners.get(memoryId) ?? (await readOwner(memoryId))) === orgId;

  const write = createUnitWrites(storage, indexes);

  return {
    write,

    /** Adds one unit (the editor's confirmed segment, the API); matched by the next query. */
    addUnit: (memoryId: number, unit: NewUnit): Promise<UnitRow> =>
      write((w) => w.add(memoryId, unit)),

    updateUnit: (memoryId: number, unitId: number, patch: UnitPatch): Promise<UnitRow | null> =>
      write((w) => w.update(memoryId, unitId, patch)),

    deleteUnit: (memoryId: number, unitId: number): Promise<boolean> =>
      write((w) => w.remove(memoryId, unitId)),

    /**
     * Resolves once the memory's index is loaded, loading it in slices if need be. Nothing to
     * wait for when the organization has no such memory (`findMatches` then answers null).
     */
    async ready(orgId: number, memoryId: number): Promise<void> {
      if (await isOwner(orgId, memoryId)) await indexes.loaded(memoryId);
    },

    /**
     * After a bulk insert has committed: brings the memory's index up to date, the units with
     * ids above `afterId` added (a load in progress reads them anyway; on PostgreSQL the change
     * feed brings them). A memory whose index is not loaded is loaded now: it is about to be
     * searched.
     */
    async appendCommitted(memoryId: number, afterId: number): Promise<void> {
      if (storage.dialect === 'postgres' && indexes.isLoaded(memoryId)) return feed.caughtUp();
      await indexes.appendAfter(memoryId, afterId);
    },

    /** Forgets a memory's index and what is cached of it (the memory was deleted). */
    drop: forget,

    /** Whether the memory's index is in memory now, fully loaded. */
    isLoaded: (memoryId: number): boolean => indexes.isLoaded(memoryId),

    /** The memory's index, loaded if need be; null when the organization has no such memory. */
    async index(orgId: number, memoryId: number): Promise<TmIndex | null> {
      if (!(await isOwner(orgId, memoryId))) return null;
      return indexes.ifLoaded(memoryId) ?? (await indexes.loaded(memoryId));
    },

    /** The memory's index if it is loaded now (a build into an index dropped since stops). */
    loadedIndex: (memoryId: number): TmIndex | undefined => indexes.ifLoaded(memoryId),

    /** Options of the engine's concordance builds. */
    concordanceBuild: engine.concordanceBuild ?? {},

    /** The units in the memory's index once it is loaded; null before. */
    indexSize: (memoryId: number): number | null => indexes.size(memoryId),

    /**
     * Fuzzy matches for `text` in one of the organization's memories, best first; null when the
     * organization has no such memory. Each target has the inline codes of `text` restored
     * where they correspond. Waits for the memory's index to load. For `GET /v2/memories/query`,
     * `POST /v2/translate` and pretranslation.
     */
    async findMatches(
      orgId: number,
      memoryId: number,
      text: string,
      findOptions: FindOptions = {},
    ): Promise<TranslationMemoryEntry[] | null> {
      // Both answered without a wait once the memory has been seen and loaded.
      if ((owners.get(memoryId) ?? (await readOwner(memoryId))) !== orgId) return null;
      const index = indexes.ifLoaded(memoryId) ?? (await indexes.loaded(memoryId));
      const { context = {} } = findOptions;
      const hits = index.query({
        text,
        threshold: findOptions.threshold ?? DEFAULT_THRESHOLD,
        limit: findOptions.n ?? DEFAULT_MATCHES,
        prevSource: context.prevSource ?? null,
        nextSource: context.nextSource ?? null,
        contextKey: context.contextKey ?? null,
      });
      if (hits.length === 0) return [];
      const found = await matches.matchedUnits(
        orgId,
        memoryId,
        hits.map((hit) => hit.id),
      );
      if (!found) {
        forget(memoryId);
        return null;
      }
      const entries: TranslationMemoryEntry[] = [];
      for (const hit of hits) {
        const unit = found.units.get(hit.id);
        if (!unit) continue;
        entries.push({
          source: unit.source,
          target: engine.restoreInlineCodes(unit.source, unit.target, text),
          score: hit.score,
          metadata: entryMetadata(unit, memoryId, found.memoryName),
        });
      }
      return entries;
    },

    /** Stops following other processes' changes (PostgreSQL). */
    close: (): Promise<void> => feed.close(),
  };
}

export function entryMetadata(
  unit: MatchedUnit,
  memoryId: number,
  memoryName: string,
): TranslationMemoryEntry['metadata'] {
  const metadata: TranslationMemoryEntry['metadata'] = {
    segment_id: unit.id,
    created_at: unit.created_at,
    updated_at: unit.updated_at,
    memory_id: memoryId,
    memory_name: memoryName,
    origin: unit.origin,
  };
  if (unit.context_key !== null) metadata.key = unit.context_key;
  return metadata;
}

export type TmRegistry = ReturnType<typeof createTmRegistry>;
