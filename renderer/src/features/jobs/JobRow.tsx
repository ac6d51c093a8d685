import type { Job } from '../../../../shared/api/jobs';
import { creationText, formatDue, jobLanguages, STATUS_LABELS } from './job-format';
import { jobHref } from './use-job-route';

/** One job of the list: its name opens its page. */
export function JobRow({ job, filter }: { job: Job; filter: 'active' | 'archived' | 'delivered' }) {
  const percent = job.stats.percentTranslated;
  return (
    <tr data-testid={`job-row-${job.id}`}>
      <th scope="row">
        <a href={jobHref({ jobId: job.id, filter })} data-testid="job-link">
          {job.name}
        </a>
      </th>
      <td>{jobLanguages(job)}</td>
      <td>{formatDue(job.due)}</td>
      <td>{STATUS_LABELS[job.status]}</td>
      <td
        className={job.creationStatus === 'FAILED' ? 'job-creation-failed' : undefined}
        data-testid="job-creation"
      >
        {creationText(job)}
        {job.creationStatus === 'PENDING' && job.stats.projects.length ? (
          <ul className="job-creation-projects">
            {job.stats.projects.map((project) => (
              <li key={project.id}>{project.name}</li>
            ))}
          </ul>
        ) : null}
      </td>
      <td>
        <div className="job-percent">
          <progress
            max={100}
            value={percent}
            aria-label={`${job.name}: translated`}
            aria-valuetext={`${percent}% translated`}
          />
          <span aria-hidden="true">{percent}%</span>
        </div>
      </td>
    </tr>
  );
}
