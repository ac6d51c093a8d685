import type { Queryable, Storage } from '../db/storage';
import { projectQueries } from '../projects/queries';
import { recordEventOf } from '../webhooks/outbox';
import { jobsToWire } from './job-reads';
import { jobQueries } from './queries';

/** The job events of API.md Part A ("Webhook events"). */
export type JobEventType = 'JOB_UPDATE' | 'JOB_DELIVER';

/**
 * Writes a job's webhook event in `tx`, the transaction of the change that fires it, so that it
 * commits with the change or not at all: creation completed, an update, archive/unarchive/
 * reactivate (`JOB_UPDATE`), and a delivery (`JOB_DELIVER`). The data is the Job on the wire as
 * it is at the end of the change, read in `tx` (its projects too, with their progress).
 */
export async function recordJobEvent(
  storage: Storage,
  tx: Queryable,
  type: JobEventType,
  job: { orgId: number; jobId: number },
): Promise<void> {
  const { orgId, jobId } = job;
  // Read only when a webhook wants it: the Job with its projects is a dozen queries.
  const read = async () => {
    const row = await jobQueries(tx).get(orgId, jobId);
    if (!row) return null;
    const [data] = await jobsToWire(tx, orgId, [row], (ids) =>
      projectQueries(tx).page(orgId, { ids }, 0, Number.MAX_SAFE_INTEGER),
    );
    return data;
  };
  await recordEventOf(storage, tx, { orgId, type, read });
}
