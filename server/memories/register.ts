import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import { concordanceRoutes } from './concordance-routes';
import { memoriesRoutes } from './routes';
import { memoryTmRoutes } from './tm-routes';
import type { Storage } from '../db/storage';
import type { WorkQueue } from '../work/queue';
import { registerTermbaseExport } from './exports';
import { registerMemoryImport } from './import-job';
import { createTmRegistry, type TmEngine, type TmRegistry } from './registry';
import { createTermHitFinder, type TermHitFinder } from './termbase-hits';
import { termbaseHitsRoutes } from './termbase-hits-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The translation memories' fuzzy indexes: `findMatches` for lookups, and `write`/`addUnit`
     * for every change to units, so the index follows the database (server/memories/registry.ts).
     */
    tm: TmRegistry;
    /** Termbase entries found in a text, with a matcher cached per memory. */
    termHits: TermHitFinder;
  }
}

export interface MemoriesOptions {
  storage: Storage;
  blobs: BlobStore;
  work: WorkQueue;
  maxUploadBytes: number;
  version: string;
  /** The TM engine (server/tm/ by default). */
  engine?: TmEngine;
}

/** Memories, their units and terms, imports and exports, and the registry of indexes. */
export async function registerMemories(
  app: FastifyInstance,
  options: MemoriesOptions,
): Promise<void> {
  const { storage, blobs, work } = options;
  const tm = createTmRegistry(storage, {
    engine: options.engine,
    onFeedError: (error) => app.log.warn({ err: error }, 'TM change feed: reconnecting'),
  });
  // On PostgreSQL the registry follows the change feed on a connection of its own.
  app.addHook('onClose', () => tm.close());
  registerMemoryImport(work, { storage, blobs, tm });
  registerTermbaseExport(work, { storage, blobs });
  const termHits = createTermHitFinder(storage);
  app.decorate('tm', tm);
  app.decorate('termHits', termHits);
  await app.register(memoriesRoutes, { storage, tm, termHits, blobs });
  await app.register(memoryTmRoutes, {
    storage,
    tm,
    blobs,
    work,
    maxUploadBytes: options.maxUploadBytes,
    version: options.version,
  });
  await app.register(termbaseHitsRoutes, { termHits });
  await app.register(concordanceRoutes, { storage, tm });
}
