import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Job, JobCreateParameters } from '../../../../shared/api/jobs';
import { getBridge } from '../../bridge';
import { jobQueries } from '../../queries/jobs';
import { projectQueries } from '../../queries/projects';

export type JobMove = 'archive' | 'unarchive' | 'reactivate' | 'deliver';

/**
 * Shows the job's new state at once; the lists (which filter by it) are read again, and so are
 * the board's project lists: a job makes, delivers and removes projects.
 */
function useStoreJob() {
  const queryClient = useQueryClient();
  return (job: Job) => {
    queryClient.setQueryData(jobQueries.detail(job.id).queryKey, job);
    void queryClient.invalidateQueries({ queryKey: jobQueries.lists() });
    void queryClient.invalidateQueries({ queryKey: projectQueries.lists() });
  };
}

export function useCreateJob() {
  const storeJob = useStoreJob();
  return useMutation({
    mutationFn: (input: JobCreateParameters) => getBridge().jobs.create(input),
    onSuccess: storeJob,
  });
}

/** Archive, unarchive, reactivate or deliver: each answers the job as it is now. */
export function useMoveJob() {
  const storeJob = useStoreJob();
  return useMutation({
    mutationFn: ({ id, move }: { id: number; move: JobMove }) => getBridge().jobs[move]({ id }),
    onSuccess: storeJob,
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => getBridge().jobs.delete({ id }),
    // The open page leaves for the list; its cached job is not read again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jobQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: projectQueries.lists() });
    },
  });
}

/** Runs the leverage analysis; the job's word figures change with it. */
export function useAnalyseJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => getBridge().jobs.stats({ id }),
    onSuccess: (stats, id) => {
      queryClient.setQueryData(jobQueries.leverage(id).queryKey, stats);
      void queryClient.invalidateQueries({ queryKey: jobQueries.detail(id).queryKey });
    },
  });
}

/** A job made in the background: once its creation ends, the board's project lists are read again. */
export function useProjectsFollowJob(job: Job | undefined) {
  const queryClient = useQueryClient();
  const creation = job?.creationStatus;
  useEffect(() => {
    if (creation !== undefined && creation !== 'PENDING') {
      void queryClient.invalidateQueries({ queryKey: projectQueries.lists() });
    }
  }, [creation, queryClient]);
}
