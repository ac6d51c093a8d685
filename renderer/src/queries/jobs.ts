import { queryOptions } from '@tanstack/react-query';
import type { Job, JobListQuery } from '../../../shared/api/jobs';
import { getBridge } from '../bridge';

/** While a job is being created or exported, it is read again this often. */
export const JOB_POLL_MS = 1000;

/** Whether the server is still working on the job in the background (creation or export). */
export const isJobBusy = (job: Job): boolean =>
  job.creationStatus === 'PENDING' || job.isProcessing === 1;

/** Jobs, one cached page per set of filters, and one job with its projects. */
export const jobQueries = {
  all: ['jobs'] as const,
  lists: () => [...jobQueries.all, 'list'] as const,
  list: (filters: JobListQuery = {}) =>
    queryOptions({
      queryKey: [...jobQueries.lists(), filters] as const,
      queryFn: () => getBridge().jobs.list({ limit: 50, ...filters }),
      // A PENDING row shows its projects as they appear, then COMPLETE or FAILED.
      refetchInterval: (query) => (query.state.data?.some(isJobBusy) ? JOB_POLL_MS : false),
    }),
  details: () => [...jobQueries.all, 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...jobQueries.details(), id] as const,
      queryFn: () => getBridge().jobs.get({ id }),
      refetchInterval: (query) =>
        query.state.data && isJobBusy(query.state.data) ? JOB_POLL_MS : false,
    }),
  /**
   * The job's last leverage analysis, run on demand (Analyse) and kept here so the report stays
   * while the user looks elsewhere; never fetched by itself, as each run reads every memory.
   */
  leverage: (id: number) =>
    queryOptions({
      queryKey: [...jobQueries.all, 'leverage', id] as const,
      queryFn: () => getBridge().jobs.stats({ id }),
      enabled: false,
      staleTime: Infinity,
    }),
};
