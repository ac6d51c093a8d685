import type { JobListQuery } from '../../../../shared/api/jobs';

export const JOB_FILTERS = ['active', 'archived', 'delivered'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];

export interface JobRoute {
  /** The job whose page is open, or null for the list. */
  jobId: number | null;
  filter: JobFilter;
}

/** `job=3&filter=archived` -> the route; anything unreadable is left out. */
export function parseJobRoute(search: string): JobRoute {
  const params = new URLSearchParams(search);
  const id = Number(params.get('job'));
  return {
    jobId: Number.isInteger(id) && id > 0 ? id : null,
    filter: JOB_FILTERS.find((filter) => filter === params.get('filter')) ?? 'active',
  };
}

export function formatJobRoute({ jobId, filter }: JobRoute): string {
  const params = new URLSearchParams();
  if (jobId !== null) params.set('job', String(jobId));
  if (filter !== 'active') params.set('filter', filter);
  return params.toString();
}

/** The `jobs:list` filters of a tab: active is neither archived nor delivered. */
export function listQueryOf(filter: JobFilter): JobListQuery {
  if (filter === 'archived') return { isArchived: true };
  if (filter === 'delivered') return { isArchived: false, isDelivered: true };
  return { isArchived: false, isDelivered: false };
}
