import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { DocumentFormat } from '../../shared/api/documents';
import {
  exportXliff12,
  mergeDocument,
  type ExtractedSegment,
  type TargetState,
} from '../formats/documents';
import { HttpError } from '../http/http-error';
import type { ProjectRef } from './document-queries';
import { readDocument } from './read-document';

/** Segments per message: each is cloned on arrival, so none holds the server's loop for long. */
export const CHUNK = 2_000;

/**
 * Segments per message while the file is still being read (filters that read unit by unit):
 * smaller, so that the first ones reach the server early (file translation starts on them).
 */
const READING_CHUNK = 500;

/**
 * Read an uploaded file: segments go back over `port` in chunks (the first ones while the file is
 * still being read, when its filter reads unit by unit), then `null`. `gate` (one Int32 in
 * shared memory) paces them: the worker sends chunk n, then waits until the server has taken it
 * and set the gate to n + 1 (-1: stop). Unpaced, chunks queue up while the server is busy and are
 * then all delivered in one go, which is the long pause this worker is there to avoid.
 */
export interface ExtractTask {
  kind: 'extract';
  name: string;
  bytes: Uint8Array;
  project: Pick<ProjectRef, 'srclang' | 'trglang'>;
  port: MessagePort;
  gate: SharedArrayBuffer;
}

/** How long a worker waits for the server to take a chunk before giving up. */
const GATE_TIMEOUT_MS = 60_000;

/** What an export needs of one segment. */
export interface ExportRow {
  index: number;
  source: string;
  target: string;
  state: TargetState;
}

/** Write a document as XLIFF 1.2 or in its own format: rows arrive over `port`, then `null`. */
export interface ExportTask {
  kind: 'export';
  as: 'xliff' | 'original';
  document: { name: string; format: DocumentFormat; srclang: string; trglang: string };
  /** The stored skeleton (JSON), for `original`. */
  skeletonJson: string | null;
  port: MessagePort;
}

/** The document without its segments (those came over the port), or why it was refused. */
export type ExtractOutcome =
  | { ok: true; format: DocumentFormat; skeletonJson: string }
  | { ok: false; status: number; message: string };

function extract(task: ExtractTask): ExtractOutcome {
  const { port } = task;
  const gate = new Int32Array(task.gate);
  let sent = 0;
  let posted = 0;
  const post = (segments: readonly ExtractedSegment[], upTo: number) => {
    port.postMessage(segments.slice(sent, upTo) satisfies ExtractedSegment[]);
    sent = upTo;
    const n = posted++;
    if (Atomics.wait(gate, 0, n, GATE_TIMEOUT_MS) === 'timed-out' || gate[0] === -1) {
      throw new Error('The server stopped taking the document’s segments');
    }
  };
  try {
    const project = { id: 0, memory_id: 0, ...task.project };
    const document = readDocument(task.name, task.bytes, project, (segments) => {
      if (segments.length - sent >= READING_CHUNK) post(segments, segments.length);
    });
    const { segments } = document;
    while (sent < segments.length) post(segments, Math.min(segments.length, sent + CHUNK));
    return { ok: true, format: document.format, skeletonJson: JSON.stringify(document.skeleton) };
  } catch (error) {
    if (error instanceof HttpError) {
      return { ok: false, status: error.statusCode, message: error.message };
    }
    throw error;
  } finally {
    port.postMessage(null);
    port.close();
  }
}

function receiveRows(port: MessagePort): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  return new Promise((resolve) => {
    port.on('message', (chunk: ExportRow[] | null) => {
      if (chunk !== null) for (const row of chunk) rows.push(row);
      else {
        port.close();
        resolve(rows);
      }
    });
  });
}

async function exportFile(task: ExportTask): Promise<unknown> {
  const rows = await receiveRows(task.port);
  const { document } = task;
  let bytes: Uint8Array;
  if (task.as === 'xliff') {
    bytes = exportXliff12({
      ...document,
      segments: rows.map((row) => ({
        source: row.source,
        target: row.target === '' ? null : row.target,
        state: row.state,
      })),
    });
  } else {
    const skeleton = JSON.parse(task.skeletonJson ?? 'null') as unknown;
    const count = (skeleton as { segmentCount?: number } | null)?.segmentCount ?? 0;
    // Segments added after the import have no place in the original file (XLIFF only).
    const targets = new Array<string | null>(count).fill(null);
    const drafts = new Array<boolean>(count).fill(false);
    for (const row of rows) {
      if (row.index >= count || row.target === '') continue;
      targets[row.index] = row.target;
      drafts[row.index] = row.state === 'draft';
    }
    bytes = mergeDocument(document.format, skeleton, targets, { ...document, drafts });
  }
  return Piscina.move(bytes);
}

/**
 * Runs in worker threads (server/documents/document-pool.ts): reading an uploaded document
 * (read-document.ts: detect, extract, check the caps) and writing one back, so that a 32 MiB
 * file is never parsed or serialised on the server's event loop.
 */
export default function run(task: ExtractTask | ExportTask): ExtractOutcome | Promise<unknown> {
  return task.kind === 'extract' ? extract(task) : exportFile(task);
}
