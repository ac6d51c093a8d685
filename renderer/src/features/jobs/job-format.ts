import type { Job, JobProject } from '../../../../shared/api/jobs';

/** `en → es, ca`: the source and the target languages of the projects made so far. */
export function jobLanguages(job: Job): string {
  const source = job.srcLocale ? `${job.srcLang}-${job.srcLocale}` : job.srcLang;
  const targets = job.stats.projects.map((project) =>
    project.trgLocale ? `${project.trgLang}-${project.trgLocale}` : project.trgLang,
  );
  return targets.length ? `${source} → ${targets.join(', ')}` : source;
}

/** A due date-time as the user's local day, or an en dash for none. */
export function formatDue(due: string | null): string {
  if (!due) return '–';
  return new Date(due).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export const STATUS_LABELS: Record<Job['status'], string> = {
  active: 'Active',
  archived: 'Archived',
  delivered: 'Delivered',
};

export const PROJECT_STATE_LABELS: Record<string, string> = {
  backlog: 'Backlog',
  inProgress: 'In progress',
  inReview: 'In review',
  inQA: 'In QA',
  done: 'Done',
};

export const projectStateLabel = (project: JobProject) =>
  PROJECT_STATE_LABELS[project.state] ?? project.state;

/** What a job's creation looks like in words. */
export function creationText(job: Job): string {
  if (job.creationStatus === 'FAILED') {
    return `Creation failed: ${job.creationError ?? 'the server gave no reason'}`;
  }
  if (job.creationStatus === 'PENDING') {
    const made = job.stats.projects.length;
    return `Creating… ${made} ${made === 1 ? 'project' : 'projects'} made`;
  }
  return 'Ready';
}
