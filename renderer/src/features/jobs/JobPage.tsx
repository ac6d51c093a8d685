import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/ErrorMessage';
import { jobQueries } from '../../queries/jobs';
import { JobActions } from './JobActions';
import { JobProjects } from './JobProjects';
import { LeveragePanel } from './LeveragePanel';
import { useProjectsFollowJob } from './mutations';
import { creationText, formatDue, jobLanguages, STATUS_LABELS } from './job-format';

interface JobPageProps {
  jobId: number;
  backHref: string;
  onDeleted: () => void;
}

/** One job: its state, its projects, its leverage analysis and what can be done with it. */
export function JobPage({ jobId, backHref, onDeleted }: JobPageProps) {
  const job = useQuery(jobQueries.detail(jobId));
  useProjectsFollowJob(job.data);
  if (job.error) {
    return (
      <>
        <a href={backHref}>← All jobs</a>
        <ErrorMessage
          error={job.error}
          title="Could not load the job"
          onRetry={() => void job.refetch()}
        />
      </>
    );
  }
  if (!job.data) return <p className="muted">Loading the job…</p>;
  const read = job.data;
  return (
    <article className="job-page" data-testid="job-page" aria-labelledby="job-title">
      <a href={backHref}>← All jobs</a>
      <header className="job-page-header">
        <h1 id="job-title">{read.name}</h1>
        <dl className="job-facts">
          <dt>Languages</dt>
          <dd>{jobLanguages(read)}</dd>
          <dt>Due</dt>
          <dd>{formatDue(read.due)}</dd>
          <dt>Status</dt>
          <dd data-testid="job-status">{STATUS_LABELS[read.status]}</dd>
          <dt>Creation</dt>
          <dd data-testid="job-creation">{creationText(read)}</dd>
          <dt>Translated</dt>
          <dd>{read.stats.percentTranslated}%</dd>
        </dl>
      </header>
      <JobActions job={read} onDeleted={onDeleted} />
      <section className="job-section" aria-labelledby="job-projects-title">
        <h2 id="job-projects-title">Projects</h2>
        <JobProjects job={read} />
      </section>
      <LeveragePanel job={read} />
    </article>
  );
}
