import { readFile } from 'node:fs/promises';
import { DOCUMENT_LIMITS } from '../../shared/api/documents';
import type { BlobStore } from '../blobs/blob-store';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import type { DocumentPool } from '../documents/document-pool';
import type { ProjectRef } from '../documents/document-queries';
import type { DocumentRecords } from '../documents/document-store';
import { filterConfig } from '../domains/filter-configs';
import { HttpError } from '../http/http-error';
import { projectQueries } from '../projects/queries';
import { PermanentWorkError, type WorkQueue } from '../work/queue';
import { CREATE_JOB } from './create-job';
import { recordJobEvent } from './events';
import { jobPartQueries, type JobFileRow, type JobPairRow } from './pair-queries';
import { jobQueries, type JobRow } from './queries';

export interface JobCreationDeps {
  storage: Storage;
  blobs: BlobStore;
  records: DocumentRecords;
  pool: DocumentPool;
}

/** A project name: the job's, then the pair's language, within the 255 characters of a name. */
function projectName(job: JobRow, pair: JobPairRow): string {
  const suffix = ` (${pair.trglocale ? `${pair.trglang}-${pair.trglocale}` : pair.trglang})`;
  return job.name.slice(0, 255 - suffix.length) + suffix;
}

/** Removes what an earlier, interrupted attempt made (projects, with their documents). */
const removeProjects = (storage: Storage, job: JobRow) =>
  storage.transaction(async (tx) => {
    const parts = jobPartQueries(tx);
    for (const pair of await parts.pairs([job.id])) await parts.setPairProject(pair.id, null);
    await parts.removeProjects(job.org_id, job.id);
  });

/**
 * Registers `job-create`: one project per language pair (in backlog, with the pair's memory and
 * template), then one document per file in each, imported from the stored bytes by the documents
 * area's own import (and pretranslated by its pretranslation work when the pair asks), then
 * COMPLETE. Every attempt starts by deleting what an interrupted one made, so a kill mid-way is
 * resumed from the start after a restart; a failure for good deletes it all and leaves FAILED
 * with the reason. A job deleted meanwhile ends the work quietly (it cannot be while PENDING).
 */
export function registerJobCreation(queue: WorkQueue, deps: JobCreationDeps): void {
  const { storage } = deps;
  const jobs = jobQueries(storage.db);

  async function fileBytes(file: JobFileRow, orgId: number): Promise<Buffer> {
    const gone = () =>
      new PermanentWorkError(`File ${file.name} was deleted before the job was created`);
    if (file.file_id === null) throw gone();
    const found = await jobPartQueries(storage.db).orgFiles(orgId, [file.file_id]);
    if (!found[0]) throw gone();
    const bytes = await readFile(deps.blobs.pathOf(found[0].blob_sha256)).catch(() => null);
    if (!bytes) throw gone();
    if (bytes.length > DOCUMENT_LIMITS.bytes) {
      throw new PermanentWorkError(
        `File ${file.name} is too large for a document (${bytes.length} bytes; at most ${DOCUMENT_LIMITS.bytes})`,
      );
    }
    return bytes;
  }

  /** Makes the pair's project in backlog (its first recorded state) and links it to the pair. */
  const makeProject = (job: JobRow, pair: JobPairRow, userId: number) =>
    storage.transaction(async (tx) => {
      const q = projectQueries(tx);
      const memory = await q.memoryLanguages(job.org_id, pair.memory_id);
      if (!memory) throw new PermanentWorkError(`Memory ${pair.memory_id} was deleted`);
      const now = nowSeconds();
      const id = await q.insert({
        orgId: job.org_id,
        memoryId: pair.memory_id,
        jobId: job.id,
        name: projectName(job, pair),
        dueDate: pair.due_at ?? job.due_at,
        metadata: {},
        workflowTemplateId: pair.workflow_template_id,
        ...memory,
        now,
      });
      await q.insertChange(id, null, 'backlog', userId, now);
      await jobPartQueries(tx).setPairProject(pair.id, id);
      return { id, memory_id: pair.memory_id, srclang: memory.srclang, trglang: memory.trglang };
    });

  async function importFile(
    job: JobRow,
    pair: JobPairRow,
    project: ProjectRef,
    file: JobFileRow,
    bytes: Buffer,
  ) {
    const read = await deps.pool.extract(file.name, bytes, project).catch((error: unknown) => {
      if (error instanceof HttpError)
        throw new PermanentWorkError(`File ${file.name}: ${error.message}`);
      throw error;
    });
    const id = await deps.records.importDocument({
      orgId: job.org_id,
      project,
      name: file.name,
      ...read,
      pretranslate: pair.pretranslate ? 'TM+MT' : null,
      autoAccept: pair.auto_accept !== 0,
      caseSensitive: pair.case_sensitive !== 0,
      matchAttribution: pair.match_attribution !== 0,
      // The filter configuration the pair names lends its TM threshold (as in file translation).
      pretranslateThreshold:
        pair.config_id === null
          ? null
          : (filterConfig(pair.config_id)?.settings.tmThreshold ?? null),
    });
    if (id === null)
      throw new PermanentWorkError(`Project ${project.id} was deleted while the job was created`);
  }

  queue.register<{ jobId: number; userId: number }>(CREATE_JOB, {
    maxAttempts: 3,
    async run({ jobId, userId }, { signal }) {
      const job = await jobs.getAnyOrg(jobId);
      if (!job || job.creation_status !== 'PENDING') return;
      await removeProjects(storage, job);
      const parts = jobPartQueries(storage.db);
      const files = await parts.files(jobId);
      const pairs = await parts.pairs([jobId]);
      const projects = [];
      for (const pair of pairs) projects.push(await makeProject(job, pair, userId));
      for (const file of files) {
        signal.throwIfAborted();
        const bytes = await fileBytes(file, job.org_id);
        for (const [i, pair] of pairs.entries())
          await importFile(job, pair, projects[i]!, file, bytes);
      }
      const ended = await storage.transaction(async (tx) => {
        if (!(await jobQueries(tx).endCreation(jobId, 'COMPLETE', null, nowSeconds())))
          return false;
        await recordJobEvent(storage, tx, 'JOB_UPDATE', { orgId: job.org_id, jobId });
        return true;
      });
      if (!ended) await removeProjects(storage, job);
    },
    async onFailed({ jobId }, error) {
      const job = await jobs.getAnyOrg(jobId);
      if (!job || job.creation_status !== 'PENDING') return;
      await removeProjects(storage, job);
      await jobs.endCreation(jobId, 'FAILED', error, nowSeconds());
    },
  });
}
