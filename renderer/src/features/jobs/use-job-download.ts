import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '../../../../shared/api/jobs';
import type { DownloadResult } from '../../../../shared/ipc/contract';
import { getBridge } from '../../bridge';
import { JOB_POLL_MS, jobQueries } from '../../queries/jobs';

/** How long the export may take before the wait ends in words (the export goes on). */
const EXPORT_WAIT_MS = 10 * 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the export the server runs in the background; fails in words if it failed. */
async function exported(id: number, started: Job, onJob: (job: Job) => void): Promise<Job> {
  let job = started;
  for (let waited = 0; job.isProcessing === 1; waited += JOB_POLL_MS) {
    if (waited > EXPORT_WAIT_MS) {
      throw new Error('The export is taking long: try Download again in a while.');
    }
    await pause(JOB_POLL_MS);
    job = await getBridge().jobs.get({ id });
    onJob(job);
  }
  if (job.isProcessing === -2) {
    throw new Error(`The export failed: ${job.processingErrorMsg ?? 'the server gave no reason'}.`);
  }
  return job;
}

/**
 * Download: the server exports the translated files (in the background), then the zip goes the
 * way every download goes (a save dialog on the desktop, the browser's own download).
 */
export function useJobDownload(id: number) {
  const queryClient = useQueryClient();
  const onJob = (job: Job) => queryClient.setQueryData(jobQueries.detail(id).queryKey, job);
  return useMutation({
    mutationFn: async (): Promise<DownloadResult> => {
      const started = await getBridge().jobs.export({ id, type: 'files' });
      onJob(started);
      await exported(id, started, onJob);
      return getBridge().jobs.download({ id });
    },
  });
}
