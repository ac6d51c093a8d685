import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { JobExportType } from '../../shared/api/jobs';
import type { BlobStore } from '../blobs/blob-store';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import type { DocumentPool } from '../documents/document-pool';
import type { DocumentRecords } from '../documents/document-store';
import { documentFile } from '../documents/download';
import { conflict } from '../http/http-error';
import { memoryTmx } from '../memories/exports';
import { memoryQueries } from '../memories/queries';
import type { Actor, ProjectStore } from '../projects/store';
import { PermanentWorkError, type WorkQueue } from '../work/queue';
import { jobNotFound } from './lifecycle';
import { jobExportQueries } from './export-queries';
import { jobPartQueries, type JobPairRow } from './pair-queries';
import { jobQueries, type JobRow } from './queries';
import { uniquePath, zipPart, zipStream, type ZipSource } from './zip-stream';

/** The work kind of an export; payload `{jobId, token, type}`. */
export const EXPORT_JOB = 'job-export';

export interface JobExportDeps {
  storage: Storage;
  blobs: BlobStore;
  records: DocumentRecords;
  pool: DocumentPool;
  projects: ProjectStore;
  /** The server's version, written into the TMX headers. */
  version: string;
}

type ExportPayload = { jobId: number; token: string; type: JobExportType };

/** The zip folder of each pair: its language, with the locale when two pairs share it. */
function folders(pairs: JobPairRow[]): string[] {
  const count = new Map<string, number>();
  for (const pair of pairs) count.set(pair.trglang, (count.get(pair.trglang) ?? 0) + 1);
  return pairs.map((pair) =>
    zipPart(
      (count.get(pair.trglang) ?? 0) > 1 && pair.trglocale
        ? `${pair.trglang}-${pair.trglocale}`
        : pair.trglang,
    ),
  );
}

/**
 * Exports of a job, in the background (`isProcessing` 1, then 0, or -2 with the reason): `files`,
 * every document of each project in its own format (the documents area's download) under
 * `<trglang>/<file name>`; `memory`, each pair's memory as TMX (the memories area's export)
 * under `<trglang>/<memory name>.tmx`. The zip streams into the blob store (fsynced, renamed into
 * place) and is recorded on the job in one commit; the one it replaces is released.
 */
export function createJobExports(queue: WorkQueue, deps: JobExportDeps) {
  const { storage, blobs } = deps;
  const downloads = {
    pool: deps.pool,
    page: deps.records.segments.pageByDocument,
    skeletonJson: deps.records.skeletonJson,
  };

  async function* fileSources(job: JobRow, pairs: JobPairRow[]): AsyncGenerator<ZipSource> {
    const taken = new Set<string>();
    const names = folders(pairs);
    for (const [i, pair] of pairs.entries()) {
      if (pair.project_id === null) continue;
      const project = await deps.projects.get(job.org_id, pair.project_id);
      for (const listed of project?.document ?? []) {
        const document = await deps.records.ref(job.org_id, listed.id);
        if (!document) continue;
        const file = await documentFile(downloads, document, 'original');
        yield { name: uniquePath(taken, names[i]!, zipPart(file.fileName)), chunks: [file.bytes] };
      }
    }
  }

  async function* memorySources(job: JobRow, pairs: JobPairRow[]): AsyncGenerator<ZipSource> {
    const taken = new Set<string>();
    const done = new Set<number>();
    const names = folders(pairs);
    const memories = memoryQueries(storage.db, storage.dialect);
    for (const [i, pair] of pairs.entries()) {
      if (done.has(pair.memory_id)) continue;
      done.add(pair.memory_id);
      const memory = await memories.languages(pair.memory_id, job.org_id);
      if (!memory) throw new PermanentWorkError(`Memory ${pair.memory_id} was deleted`);
      const tmx = memoryTmx(storage, memory, deps.version) as AsyncIterable<string>;
      const chunks = (async function* () {
        for await (const text of tmx) yield Buffer.from(text);
      })();
      yield { name: uniquePath(taken, names[i]!, `${zipPart(memory.name)}.tmx`), chunks };
    }
  }

  queue.register<ExportPayload>(EXPORT_JOB, {
    maxAttempts: 3,
    async run({ jobId, token, type }) {
      const jobs = jobQueries(storage.db);
      const job = await jobs.getAnyOrg(jobId);
      if (!job || job.export_token !== token) return;
      const pairs = await jobPartQueries(storage.db).pairs([jobId]);
      const sources = type === 'files' ? fileSources(job, pairs) : memorySources(job, pairs);
      const bytes = Readable.from(zipStream(sources), { objectMode: false });
      const staged = await blobs.stage(bytes, Number.MAX_SAFE_INTEGER);
      const replaced = await blobs.commit(staged, (tx) =>
        jobExportQueries(tx).finishExport(
          jobId,
          token,
          { type, sha256: staged.sha256 },
          nowSeconds(),
        ),
      );
      // Superseded or deleted meanwhile: nothing records the new bytes.
      if (replaced === undefined) await blobs.release(staged.sha256);
      else if (replaced !== null && replaced !== staged.sha256) await blobs.release(replaced);
    },
    async onFailed({ jobId, token }, error) {
      await jobExportQueries(storage.db).failExport(
        jobId,
        token,
        `Export failed: ${error}`,
        nowSeconds(),
      );
    },
  });

  return {
    /**
     * `GET /v2/jobs/{id}/export`: queues the export (409 while the job is being created, while
     * another export runs, or, for files, while a document is being pretranslated).
     */
    async start(actor: Actor, jobId: number, type: JobExportType): Promise<void> {
      const job = await jobQueries(storage.db).get(actor.orgId, jobId);
      if (!job) throw jobNotFound(jobId);
      if (job.creation_status !== 'COMPLETE') {
        throw conflict(
          `Job ${jobId} has no projects to export: its creation is ${job.creation_status}`,
        );
      }
      if (type === 'files') await refusePretranslating(actor.orgId, jobId);
      await storage.transaction(async (tx) => {
        const q = jobQueries(tx);
        const current = await q.get(actor.orgId, jobId, storage.dialect === 'postgres');
        if (!current) throw jobNotFound(jobId);
        if (current.is_processing === 1) {
          throw conflict(`An export of job ${jobId} is running: wait until isProcessing is 0`);
        }
        const token = randomUUID();
        await jobExportQueries(tx).startExport(jobId, token, nowSeconds());
        await queue.enqueueIn(tx, EXPORT_JOB, { jobId, token, type } satisfies ExportPayload);
      });
    },

    download,
  };

  /** The last export's zip; 409 in words while one runs or before one has finished. */
  async function download(orgId: number, jobId: number) {
    const job = await jobQueries(storage.db).get(orgId, jobId);
    if (!job) throw jobNotFound(jobId);
    if (job.is_processing === 1) {
      throw conflict(`Job ${jobId}'s export is still running: download once isProcessing is 0`);
    }
    if (job.is_processing === -2) {
      throw conflict(`Job ${jobId}'s last export failed (${job.processing_error}): start another`);
    }
    if (job.export_blob === null) {
      throw conflict(
        `Job ${jobId} has no export yet: start one with GET /v2/jobs/${jobId}/export?type=files`,
      );
    }
    return { name: job.name, stream: blobs.read(job.export_blob) };
  }

  async function refusePretranslating(orgId: number, jobId: number) {
    for (const { id } of await jobPartQueries(storage.db).projectsOf(orgId, [jobId])) {
      const project = await deps.projects.get(orgId, id);
      const busy = project?.document.find((document) => document.is_pretranslating);
      if (busy) {
        throw conflict(
          `Document ${busy.id} of job ${jobId} is being pretranslated: export once it is done`,
        );
      }
    }
  }
}

export type JobExports = ReturnType<typeof createJobExports>;
