import type { Job } from '../../../../shared/api/jobs';
import { ErrorMessage } from '../../components/ErrorMessage';
import { ModalDialog } from '../../components/ModalDialog';
import { useMoveJob } from './mutations';

interface DeliverJobDialogProps {
  job: Job;
  onClose: () => void;
}

/** Asks before delivering: every project of the job moves to Done. */
export function DeliverJobDialog({ job, onClose }: DeliverJobDialogProps) {
  const move = useMoveJob();
  const open = job.stats.projects.filter((project) => project.state !== 'done').length;
  return (
    <ModalDialog labelledBy="deliver-job-title" testId="deliver-job-dialog" onClose={onClose}>
      <div className="modal-body">
        <h2 id="deliver-job-title">Deliver “{job.name}”?</h2>
        <p>
          {open === 0
            ? 'Every project of the job is done.'
            : `${open} of ${job.stats.projects.length} projects are not done yet: delivering moves them to Done.`}{' '}
          The translated files can be downloaded after.
        </p>
        {move.error ? (
          <ErrorMessage
            error={move.error}
            title="The job was not delivered"
            testId="deliver-job-error"
          />
        ) : null}
      </div>
      <div className="modal-actions">
        <button type="button" className="button" autoFocus onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={move.isPending}
          onClick={() => move.mutate({ id: job.id, move: 'deliver' }, { onSuccess: onClose })}
          data-testid="deliver-job-ok"
        >
          {move.isPending ? 'Delivering…' : 'Deliver'}
        </button>
      </div>
    </ModalDialog>
  );
}
