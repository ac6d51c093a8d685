import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DOCUMENT_LIMITS } from '../../shared/api/documents';
import type { BlobStore } from '../blobs/blob-store';
import type { DocumentPool } from '../documents/document-pool';
import type { ExportRow } from '../documents/document-worker';
import type { ExtractedSegment } from '../formats/documents';
import { HttpError } from '../http/http-error';
import type { TmRegistry } from '../memories/registry';
import type { MtEngine } from '../mt/engine';
import { PermanentWorkError, type WorkQueue } from '../work/queue';
import { engineFor, mtPass, tmPass } from './fill-batch';
import { FillQueue, type FillBatch } from './fill-queue';
import { hasLanguageSample, languageWarning } from './language-check';
import type { StoredTarget, TranslationRow } from './translation-row';
import type { TranslationStore } from './translation-store';

export const TRANSLATE_FILE = 'translate-file';

export interface PipelineDeps {
  store: TranslationStore;
  blobs: BlobStore;
  pool: DocumentPool;
  tm: TmRegistry;
  /** The MT engine as the app has it now (null without one). */
  mt: () => MtEngine | null;
}

const MiB = 1024 * 1024;

/** Why the file could not be read, in words, from the filters' HTTP-style refusal. */
function readFailure(row: TranslationRow, error: HttpError): PermanentWorkError {
  if (error.statusCode === 415)
    return new PermanentWorkError(`Unsupported format: ${error.message}`);
  if (error.statusCode === 413) return new PermanentWorkError(`File too large: ${error.message}`);
  return new PermanentWorkError(`Unreadable file ${row.file_name}: ${error.message}`);
}

/**
 * The file's bytes and the language found at upload ('zxx' when none was looked for), or a
 * permanent failure when it was deleted or is over the limit.
 */
async function fileBytes(
  deps: PipelineDeps,
  row: TranslationRow,
): Promise<{ bytes: Buffer; detected: string }> {
  const gone = () =>
    new PermanentWorkError(`File ${row.file_id} was deleted before its translation was done`);
  const file = await deps.store.file(row.org_id, row.file_id);
  if (!file) throw gone();
  const bytes = await readFile(deps.blobs.pathOf(file.sha256)).catch(() => null);
  if (!bytes) throw gone();
  if (bytes.length > DOCUMENT_LIMITS.bytes) {
    throw new PermanentWorkError(
      `File too large: ${row.file_name} has ${(bytes.length / MiB).toFixed(1)} MiB; a file ` +
        `to translate may have at most ${DOCUMENT_LIMITS.bytes / MiB} MiB`,
    );
  }
  return { bytes, detected: file.detected_lang ?? 'zxx' };
}

/**
 * Registers `translate-file`: read the file (a worker thread), fill its segments a batch at a
 * time (TM at the translation's threshold when `with_tm`, then one MT call for the rest), each
 * batch one transaction that also advances the progress, then merge the file back in its own
 * format (a worker) and keep it as a blob. A restart reads the file again and skips the segments
 * already stored, so work resumes after the last batch written.
 */
export function registerFileTranslation(queue: WorkQueue, deps: PipelineDeps): void {
  const { store } = deps;

  async function translate(row: TranslationRow, signal: AbortSignal): Promise<void> {
    const { bytes, detected } = await fileBytes(deps, row);
    const pair = { srclang: row.srclang, trglang: row.trglang };
    const stored = new Map((await store.targets(row.id)).map((t) => [t.idx, t]));
    // Stops the batches still running when the work ends early (a failure, or no longer wanted).
    const ended = new AbortController();
    const batchSignal = AbortSignal.any([signal, ended.signal]);
    let engine: Promise<MtEngine> | null = null;
    const fill: FillBatch = async (segments, batch) => {
      const { found, rest } = row.with_tm
        ? await tmPass(deps.tm, row, segments, batch, batchSignal)
        : { found: [], rest: batch };
      if (rest.length === 0) return found;
      engine ??= engineFor(deps.mt(), row);
      return [...found, ...(await mtPass(await engine, row, segments, rest, batchSignal))];
    };
    // Only the TM pass reads a segment's neighbours (its context).
    const batches = new FillQueue(new Set(stored.keys()), fill, {
      readsNeighbours: Boolean(row.with_tm),
    });
    let warning: string | null | undefined;
    let tellFailure: unknown;
    const check = (segments: readonly ExtractedSegment[]) => {
      try {
        warning ??= languageWarning(detected, segments, row.srclang);
      } catch (error) {
        tellFailure ??= error;
      }
    };
    let isCheckDue = false;
    try {
      // Batches start on the first segments while the rest of the file is read (XLIFF). The
      // language is checked as soon as its sample is in, on the next turn of the loop, so that
      // a batch just started reaches the engine first (detection takes tens of milliseconds).
      const read = await deps.pool
        .extract(row.file_name, bytes, pair, (soFar) => {
          try {
            batches.add(soFar);
          } catch (error) {
            tellFailure ??= error;
          }
          if (!isCheckDue && hasLanguageSample(soFar)) {
            isCheckDue = true;
            setImmediate(check, soFar);
          }
        })
        .catch((error: unknown) => {
          throw error instanceof HttpError ? readFailure(row, error) : error;
        });
      if (tellFailure !== undefined) throw tellFailure;
      const { segments } = read;
      batches.add(segments, true);
      const settled = segments.length - batches.pending - stored.size;
      const total = segments.length;
      check(segments);
      if (tellFailure !== undefined) throw tellFailure;
      await store.markRead(row.id, { format: read.format, total, settled }, warning ?? null);
      for (let next = await batches.next(); next; next = await batches.next()) {
        signal.throwIfAborted();
        if (!(await store.writeBatch(row.id, next.targets, next.batch.length))) return;
        for (const t of next.targets) stored.set(t.idx, t);
      }
      const merged = await deps.pool.exportFile(
        'original',
        { name: row.file_name, format: read.format, ...pair },
        read.skeletonJson,
        exportPages(segments, stored),
      );
      await keepResult(deps, row.id, merged);
    } finally {
      batches.stop();
      ended.abort();
    }
  }

  queue.register<{ translationId: number }>(TRANSLATE_FILE, {
    maxAttempts: 3,
    async run({ translationId }, { signal }) {
      const row = await store.get(translationId);
      if (!row || row.status !== 'InProgress') return;
      await translate(row, signal);
    },
    async onFailed({ translationId }, error) {
      await store.markFailed(translationId, error);
    },
  });
}

/** The rows for the writer, all in one page (the segments are in memory already). */
function exportPages(segments: ExtractedSegment[], stored: Map<number, StoredTarget>) {
  let sent = false;
  return (): ExportRow[] | null => {
    if (sent) return null;
    sent = true;
    return segments.map((s) => {
      const t = stored.get(s.index);
      // An exact TM match is a translation; a fuzzy one or MT is a draft for review.
      const final = t !== undefined && t.origin === 'tm' && (t.score ?? 0) >= 100;
      return {
        index: s.index,
        source: s.source,
        target: t?.target ?? '',
        state: final ? 'translated' : 'draft',
      };
    });
  };
}

/** Stores the translated file as a blob, recorded with the Ready status in one commit. */
async function keepResult(deps: PipelineDeps, id: number, bytes: Uint8Array): Promise<void> {
  const staged = await deps.blobs.stage(
    Readable.from([Buffer.from(bytes)]),
    Number.MAX_SAFE_INTEGER,
  );
  const ready = await deps.blobs.commit(staged, (tx) =>
    deps.store.markReady(tx, id, staged.sha256),
  );
  // Failed or gone meanwhile: nothing refers to these bytes.
  if (!ready) await deps.blobs.release(staged.sha256);
}
