import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job, JobCreateParameters } from '../../../../shared/api/jobs';
import { getBridge } from '../../bridge';
import { jobQueries } from '../../queries/jobs';

export type JobMove = 'archive' | 'unarchive' | 'reactivate' | 'deliver';

/** Shows the job's new state at once; the lists (which filter by it) are read again. */
function useStoreJob() {
  const queryClient = useQueryClient();
  return (job: Job) => {
    queryClient.setQueryData(jobQueries.detail(job.id).queryKey, job);
    void queryClient.invalidateQueries({ queryKey: jobQueries.lists() });
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
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: jobQueries.lists() }),
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
