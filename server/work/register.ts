import type { FastifyInstance } from 'fastify';
import type { Storage } from '../db/storage';
import { createWorkQueue, type WorkQueue, type WorkQueueOptions } from './queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable background work queue (detection, imports, pretranslation, file translation). */
    work: WorkQueue;
  }
}

export interface WorkOptions extends WorkQueueOptions {
  /** Do not start the worker: items wait in the database (tests of restarts). */
  paused?: boolean;
  /** How long closing the app waits for running items (default 10 s). */
  stopTimeoutMs?: number;
}

/**
 * The app's one work queue, shared by every area that registers work on it: it starts when the
 * app is ready. Answers `stop`, which the app calls when it closes, before its data folder goes.
 */
export function registerWorkQueue(
  app: FastifyInstance,
  storage: Storage,
  options: WorkOptions = {},
) {
  const work = createWorkQueue(storage, { log: app.log, ...options });
  app.decorate('work', work);
  app.addHook('onReady', async () => {
    if (!options.paused) await work.start();
  });
  return { work, stop: () => work.stop(options.stopTimeoutMs) };
}
