import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import { memoriesRoutes } from './routes';
import { memoryTmRoutes } from './tm-routes';
import type { Database } from '../db/db';
import { createMemoryTaskStore } from './task-queries';
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
     * for every change to units, so the index follows SQLite (server/memories/registry.ts).
     */
    tm: TmRegistry;
    /** Termbase entries found in a text, with a matcher cached per memory. */
    termHits: TermHitFinder;
  }
}

export interface MemoriesOptions {
  db: Database;
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
  const { db, blobs, work } = options;
  const tm = createTmRegistry(db, { engine: options.engine });
  const tasks = createMemoryTaskStore(db);
  registerMemoryImport(work, { db, blobs, tasks, tm });
  registerTermbaseExport(work, { db, blobs, tasks });
  const termHits = createTermHitFinder(db);
  app.decorate('tm', tm);
  app.decorate('termHits', termHits);
  await app.register(memoriesRoutes, { db, tm, termHits, blobs });
  await app.register(memoryTmRoutes, {
    db,
    tm,
    tasks,
    blobs,
    work,
    maxUploadBytes: options.maxUploadBytes,
    version: options.version,
  });
  await app.register(termbaseHitsRoutes, { termHits });
}
