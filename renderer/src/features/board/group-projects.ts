import { PROJECT_STATES, type Project, type ProjectState } from '../../../../shared/api/projects';

export type Columns = Record<ProjectState, Project[]>;

/** Projects by state, newest first in each column (so a project just created is at the top). */
export function groupByState(projects: readonly Project[]): Columns {
  const columns = Object.fromEntries(
    PROJECT_STATES.map((state) => [state, []]),
  ) as unknown as Columns;
  for (const project of projects) columns[project.state].push(project);
  for (const state of PROJECT_STATES) {
    columns[state].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  }
  return columns;
}
