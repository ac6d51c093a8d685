import { useState } from 'react';
import type { Job } from '../../../../shared/api/jobs';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { ErrorMessage } from '../../components/ErrorMessage';
import { DeliverJobDialog } from './DeliverJobDialog';
import { useDeleteJob, useMoveJob, type JobMove } from './mutations';
import { useJobDownload } from './use-job-download';

const MOVE_LABELS: Record<Exclude<JobMove, 'deliver'>, string> = {
  archive: 'Archive',
  unarchive: 'Unarchive',
  reactivate: 'Reactivate',
};

/** What can be done with the job in its state: deliver, download, archive, reactivate, delete. */
export function JobActions({ job, onDeleted }: { job: Job; onDeleted: () => void }) {
  const [dialog, setDialog] = useState<'deliver' | 'delete' | null>(null);
  const move = useMoveJob();
  const remove = useDeleteJob();
  const download = useJobDownload(job.id);
  const isReady = job.creationStatus === 'COMPLETE';
  const moves: Exclude<JobMove, 'deliver'>[] =
    job.status === 'archived'
      ? ['unarchive']
      : job.status === 'delivered'
        ? ['reactivate', 'archive']
        : ['archive'];
  return (
    <div className="job-actions">
      <div className="job-action-buttons" role="group" aria-label="Job actions">
        {job.status === 'active' ? (
          <button
            type="button"
            className="button button-primary"
            disabled={!isReady}
            onClick={() => setDialog('deliver')}
            data-testid="job-deliver"
          >
            Deliver…
          </button>
        ) : null}
        {job.status === 'delivered' ? (
          <button
            type="button"
            className="button button-primary"
            disabled={download.isPending}
            onClick={() => download.mutate()}
            data-testid="job-download"
          >
            {download.isPending
              ? job.isProcessing === 1
                ? 'Preparing the files…'
                : 'Downloading…'
              : 'Download zip'}
          </button>
        ) : null}
        {moves.map((name) => (
          <button
            key={name}
            type="button"
            className="button"
            disabled={move.isPending}
            onClick={() => move.mutate({ id: job.id, move: name })}
            data-testid={`job-${name}`}
          >
            {MOVE_LABELS[name]}
          </button>
        ))}
        <button
          type="button"
          className="button button-danger"
          disabled={job.creationStatus === 'PENDING'}
          onClick={() => setDialog('delete')}
          data-testid="job-delete"
        >
          Delete…
        </button>
      </div>
      {move.error ? <ErrorMessage error={move.error} title="The job did not change" /> : null}
      {download.error ? (
        <ErrorMessage
          error={download.error}
          title="The zip was not downloaded"
          testId="job-download-error"
        />
      ) : null}
      {dialog === 'deliver' ? <DeliverJobDialog job={job} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? (
        <ConfirmDeleteDialog
          testId="delete-job-dialog"
          title={`Delete “${job.name}”?`}
          confirmLabel="Delete job"
          onConfirm={() => remove.mutate(job.id, { onSuccess: onDeleted })}
          onClose={() => setDialog(null)}
          isPending={remove.isPending}
          error={remove.error}
          errorTitle="The job was not deleted"
        >
          <p>
            Its {job.stats.projects.length} projects and their documents go with it; the memories
            stay. This cannot be undone.
          </p>
        </ConfirmDeleteDialog>
      ) : null}
    </div>
  );
}
