import type { Queryable } from '../db/storage';

/** The job events of API.md Part A ("Webhook events"). */
export type JobEventType = 'JOB_UPDATE' | 'JOB_DELIVER';

/**
 * The hook where a job's events are to be written, in the transaction of the change that fires
 * them: creation completed, an update, archive/unarchive/reactivate (`JOB_UPDATE`), and a delivery
 * (`JOB_DELIVER`). Nothing is written yet: the webhooks issue (16) adds its durable outbox and
 * writes the event here, so that it commits with the change or not at all.
 */
export async function recordJobEvent(
  tx: Queryable,
  type: JobEventType,
  jobId: number,
): Promise<void> {
  void tx;
  void type;
  void jobId;
}
