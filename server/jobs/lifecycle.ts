import type { JobUpdateParameters } from '../../shared/api/jobs';
import type { BlobStore } from '../blobs/blob-store';
import type { Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { conflict, notFound } from '../http/http-error';
import type { Actor, ProjectStore } from '../projects/store';
import { recordJobEvent } from './events';
import { secondsOf } from './job-wire';
import { jobPartQueries } from './pair-queries';
import { jobQueries, type JobChange, type JobRow } from './queries';

export const jobNotFound = (id: number) => notFound(`Job ${id} not found`);

/** The organization's job, its row locked on PostgreSQL; 404 when there is none. */
async function lockedJob(tx: Queryable, storage: Storage, orgId: number, id: number) {
  const job = await jobQueries(tx).get(orgId, id, storage.dialect === 'postgres');
  if (!job) throw jobNotFound(id);
  return job;
}

function refuseWhileCreating(job: JobRow, what: string): void {
  if (job.creation_status === 'PENDING') {
    throw conflict(`Job ${job.id} is still being created: ${what} once its creation has ended`);
  }
}

/** The change a `PUT` asks for: `dueDate` (epoch seconds) wins over `due` (ISO). */
function changeOf(input: JobUpdateParameters): JobChange {
  const change: JobChange = {};
  if (input.name !== undefined) change.name = input.name;
  if (input.dueDate !== undefined) change.dueAt = input.dueDate;
  else if (input.due !== undefined)
    change.dueAt = input.due === null ? null : secondsOf(input.due, 'due');
  if (input.isProcessing !== undefined) change.isProcessing = Number(input.isProcessing);
  if (input.processingErrorMsg !== undefined) change.processingError = input.processingErrorMsg;
  return change;
}

/**
 * The changes of a job's life: edits, archive and unarchive, deliver and reactivate, delete.
 * Each checks and writes in one transaction (the job's row locked on PostgreSQL); a refused
 * change is a 404 or 409 in words and changes nothing.
 */
export function createJobLifecycle(storage: Storage, projects: ProjectStore, blobs: BlobStore) {
  /** Checks and writes `status` (with `deliveredAt`) in one transaction. */
  const setStatus = (
    actor: Actor,
    id: number,
    check: (job: JobRow) => JobRow['status'] | null,
    event: 'JOB_UPDATE' | 'JOB_DELIVER' = 'JOB_UPDATE',
  ) =>
    storage.transaction(async (tx) => {
      const job = await lockedJob(tx, storage, actor.orgId, id);
      const status = check(job);
      if (status === null || status === job.status) return;
      const now = nowSeconds();
      const deliveredAt =
        status === 'delivered' ? now : status === 'active' ? null : job.delivered_at;
      await jobQueries(tx).setStatus(id, status as 'active', deliveredAt, now);
      await recordJobEvent(storage, tx, event, { orgId: actor.orgId, jobId: id });
    });

  return {
    async update(actor: Actor, id: number, input: JobUpdateParameters): Promise<void> {
      await storage.transaction(async (tx) => {
        const job = await lockedJob(tx, storage, actor.orgId, id);
        if (job.status === 'delivered') {
          throw conflict(`Job ${id} is delivered and cannot be edited: reactivate it first`);
        }
        const change = changeOf(input);
        if (Object.keys(change).length === 0) return;
        await jobQueries(tx).change(id, change, nowSeconds());
        await recordJobEvent(storage, tx, 'JOB_UPDATE', { orgId: actor.orgId, jobId: id });
      });
    },

    /** Archives an active or delivered job (unarchiving brings back which it was). */
    archive: (actor: Actor, id: number) => setStatus(actor, id, () => 'archived'),

    unarchive: (actor: Actor, id: number) =>
      setStatus(actor, id, (job) =>
        job.status !== 'archived' ? null : job.delivered_at === null ? 'active' : 'delivered',
      ),

    reactivate: (actor: Actor, id: number) =>
      setStatus(actor, id, (job) => {
        if (job.status === 'active') return null;
        if (job.status !== 'delivered') {
          throw conflict(
            `Job ${id} is ${job.status}, not delivered: only a delivered job is reactivated`,
          );
        }
        return 'active';
      }),

    /**
     * Moves every project of the job to `done` through the projects area (so each move is
     * recorded, with its events) and marks the job delivered, in ONE transaction (the job's row
     * locked first on PostgreSQL, then each project's): all of it, or nothing when any part fails.
     */
    deliver: (actor: Actor, id: number): Promise<void> =>
      storage.transaction(async (tx) => {
        const job = await lockedJob(tx, storage, actor.orgId, id);
        refuseWhileCreating(job, 'deliver it');
        if (job.creation_status === 'FAILED') {
          throw conflict(
            `Job ${id} failed to be created (${job.creation_error}): it has nothing to deliver`,
          );
        }
        if (job.status === 'archived')
          throw conflict(`Job ${id} is archived: unarchive it before delivering`);
        if (job.status === 'delivered') return;
        const now = nowSeconds();
        for (const project of await jobPartQueries(tx).projectsOf(actor.orgId, [id])) {
          await projects.update(actor, { id: project.id, state: 'done' }, now, tx);
        }
        await jobQueries(tx).setStatus(id, 'delivered', now, now);
        await recordJobEvent(storage, tx, 'JOB_DELIVER', { orgId: actor.orgId, jobId: id });
      }),

    /** Deletes the job with its projects and their documents (memories stay); 409 while PENDING. */
    async remove(actor: Actor, id: number): Promise<void> {
      const exportBlob = await storage.transaction(async (tx) => {
        const job = await lockedJob(tx, storage, actor.orgId, id);
        refuseWhileCreating(job, 'delete it');
        await jobPartQueries(tx).removeProjects(actor.orgId, id);
        return (await jobQueries(tx).remove(actor.orgId, id))?.exportBlob ?? null;
      });
      if (exportBlob) await blobs.release(exportBlob);
    },
  };
}

export type JobLifecycle = ReturnType<typeof createJobLifecycle>;
