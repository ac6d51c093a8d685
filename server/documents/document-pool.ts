import { availableParallelism } from 'node:os';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { MessageChannel } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import type { DocumentFormat } from '../../shared/api/documents';
import type { ExtractedSegment } from '../formats/documents';
import { HttpError } from '../http/http-error';
import {
  CHUNK,
  type ExportRow,
  type ExportTask,
  type ExtractOutcome,
  type ExtractTask,
} from './document-worker';

/** A document read off the event loop: its segments and its skeleton, serialised. */
export interface ExtractedForStore {
  format: DocumentFormat;
  skeletonJson: string;
  segments: ExtractedSegment[];
}

/** The rows of an export, a page at a time (null once there are no more). */
export type RowPages = () => ExportRow[] | null | Promise<ExportRow[] | null>;

/**
 * The worker's file: beside this module when run from source (tsx, Vitest: loaded through tsx's
 * hooks), beside the server bundle when built (scripts/build.mjs emits out/server/document-worker.js).
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fromSource ? './document-worker.ts' : './document-worker.js';
  return {
    filename: new URL(file, import.meta.url).href,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  };
}

/**
 * Document parsing and writing in worker threads (piscina): at most two, idle ones closed after
 * 30 s, further tasks queued. Segments cross in chunks of 2,000 over a port in both directions,
 * so no single clone holds the server's loop. A worker that crashes fails only its own request.
 */
export function createDocumentPool() {
  // piscina is loaded with the first document, not with the server.
  let started: Promise<Piscina> | undefined;
  const pool = () =>
    (started ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina({
          ...workerFile(),
          minThreads: 0,
          maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
          idleTimeout: 30_000,
        }),
    ));

  /**
   * Reads a file in a worker. `onSegments` is told of each chunk as it lands, with every segment
   * so far (the array the answer holds): for XLIFF the first come while the rest is still parsed.
   */
  async function extract(
    name: string,
    bytes: Uint8Array,
    project: ExtractTask['project'],
    onSegments?: (segments: readonly ExtractedSegment[]) => void,
  ): Promise<ExtractedForStore> {
    const { port1, port2 } = new MessageChannel();
    const gate = new Int32Array(new SharedArrayBuffer(4));
    const open = (value: number) => {
      Atomics.store(gate, 0, value);
      Atomics.notify(gate, 0);
    };
    const segments: ExtractedSegment[] = [];
    let taken = 0;
    const received = new Promise<void>((resolve) => {
      port1.on('message', (chunk: ExtractedSegment[] | null) => {
        if (chunk === null) return resolve();
        for (const segment of chunk) segments.push(segment);
        onSegments?.(segments);
        // The next chunk only after other requests have had a turn.
        taken += 1;
        const next = taken;
        setImmediate(() => {
          if (gate[0] !== -1) open(next);
        });
      });
      port1.on('close', () => resolve());
    });
    try {
      const task: ExtractTask = {
        kind: 'extract',
        name,
        bytes,
        project,
        port: port2,
        gate: gate.buffer as SharedArrayBuffer,
      };
      const outcome = (await (await pool()).run(task, { transferList: [port2] })) as ExtractOutcome;
      await received;
      if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
      return { format: outcome.format, skeletonJson: outcome.skeletonJson, segments };
    } finally {
      open(-1);
      port1.close();
    }
  }

  /** The file's bytes; `pages` is read a page per turn of the loop and fed to the worker. */
  async function exportFile(
    as: ExportTask['as'],
    document: ExportTask['document'],
    skeletonJson: string | null,
    pages: RowPages,
  ): Promise<Uint8Array> {
    const { port1, port2 } = new MessageChannel();
    const task: ExportTask = { kind: 'export', as, document, skeletonJson, port: port2 };
    const result = pool().then(
      (workers) => workers.run(task, { transferList: [port2] }) as Promise<Uint8Array>,
    );
    // Awaited below; a worker that fails while rows are still being fed is not unhandled.
    result.catch(() => undefined);
    try {
      for (let page = await pages(); page !== null; page = await pages()) {
        for (let at = 0; at < page.length; at += CHUNK)
          port1.postMessage(page.slice(at, at + CHUNK));
        await nextLoopTurn();
      }
      port1.postMessage(null);
      return await result;
    } finally {
      port1.close();
    }
  }

  return {
    extract,
    exportFile,
    close: async () => (started ? (await started).destroy() : undefined),
  };
}

export type DocumentPool = ReturnType<typeof createDocumentPool>;
