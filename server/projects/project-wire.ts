import type { Project, ProjectState, WorkflowStatus } from '../../shared/api/projects';
import type { Queryable } from '../db/storage';
import { NO_PROGRESS } from '../documents/progress-queries';
import { workflowStageOf } from '../workflows/project-rules';

/** The columns of a project on the wire, in order, from `projects as p`. */
export const PROJECT_COLUMNS = [
  'p.id',
  'p.memory_id',
  'p.job_id',
  'p.srclang',
  'p.trglang',
  'p.srclocale',
  'p.trglocale',
  'p.name',
  'p.state',
  'p.due_date',
  'p.archived',
  'p.metadata',
  'p.sample_review_percentage',
  'p.created_at',
  'p.updated_at',
  'p.workflow_template_id',
] as const;

export function workflowStatusOf(state: ProjectState): WorkflowStatus {
  if (state === 'backlog') return 'READY_TO_START';
  return state === 'done' ? 'DONE' : 'IN_PROGRESS';
}

/**
 * The projects of `db` (a handle or a transaction) as `projects as p`, in wire columns, with the
 * name of who made the last move (the creation into backlog is no move). One indexed lookup per
 * project (project_state_changes_project), from the newest change back.
 */
export const projectRows = (db: Queryable) =>
  db
    .selectFrom('projects as p')
    .select(PROJECT_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('project_state_changes as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select('u.name')
        .whereRef('c.project_id', '=', 'p.id')
        .where('c.from_state', 'is not', null)
        .orderBy('c.id', 'desc')
        .limit(1)
        .as('moved_by'),
    );

export type ProjectRow = Awaited<
  ReturnType<ReturnType<typeof projectRows>['executeTakeFirstOrThrow']>
>;

export function projectToWire(row: ProjectRow): Project {
  const state = row.state as ProjectState;
  return {
    id: row.id,
    memory_id: row.memory_id,
    job_id: row.job_id,
    srclang: row.srclang,
    trglang: row.trglang,
    srclocale: row.srclocale,
    trglocale: row.trglocale,
    name: row.name,
    state,
    due_date: row.due_date,
    archived: row.archived !== 0,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    sample_review_percentage: row.sample_review_percentage,
    created_at: row.created_at,
    updated_at: row.updated_at,
    workflowStatus: workflowStatusOf(state),
    moved_by: row.moved_by ?? null,
    workflowTemplateId: row.workflow_template_id,
    workflowStage: workflowStageOf(row.workflow_template_id, state),
    // The sums of its documents' progress, once they are read (queries.ts).
    ...NO_PROGRESS,
    document: [],
  };
}
