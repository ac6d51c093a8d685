import { PROJECT_STATES, type Project, type ProjectState } from '../../../shared/api/projects';

/** Column titles, in board order. */
export const STATE_LABELS: Record<ProjectState, string> = {
  backlog: 'Backlog',
  inProgress: 'In progress',
  inReview: 'In review',
  inQA: 'In QA',
  done: 'Done',
};

export function isProjectState(value: unknown): value is ProjectState {
  return PROJECT_STATES.some((state) => state === value);
}

/** The state one column to the left (-1) or right (+1), or null past either end. */
export function neighbourState(state: ProjectState, step: -1 | 1): ProjectState | null {
  return PROJECT_STATES[PROJECT_STATES.indexOf(state) + step] ?? null;
}

/** `en → es`. */
export function pairLabel(source: string, target: string): string {
  return `${source} → ${target}`;
}

const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** `Mar 1, 2027`. */
export function formatDate(epochSeconds: number): string {
  return fullDate.format(new Date(epochSeconds * 1000));
}

/** `Mar 1` within the current year, `Mar 1, 2027` otherwise: cards are narrow. */
export function formatShortDate(epochSeconds: number, nowMs: number): string {
  const date = new Date(epochSeconds * 1000);
  const isThisYear = date.getFullYear() === new Date(nowMs).getFullYear();
  return (isThisYear ? shortDate : fullDate).format(date);
}

/** Past its due date and not done yet. */
export function isOverdue(project: Pick<Project, 'due_date' | 'state'>, nowMs: number): boolean {
  return project.due_date !== null && project.due_date * 1000 < nowMs && project.state !== 'done';
}

export function documentCountLabel(count: number): string {
  if (count === 0) return 'No documents';
  return count === 1 ? '1 document' : `${count.toLocaleString()} documents`;
}
