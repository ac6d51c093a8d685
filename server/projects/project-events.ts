import type { Project, ProjectState } from '../../shared/api/projects';
import type { Queryable, Storage } from '../db/storage';
import { recordEvent } from '../webhooks/outbox';
import { projectQueries } from './queries';

/**
 * The webhook events of a change to the organization's project (API.md Part A, "States and
 * transitions"), written in its transaction `tx`: `PROJECT_UPDATE` with the project as it is
 * after the change, and `PROJECT_DELIVER` too when it moved to `done` from another state.
 */
export async function recordProjectEvents(
  storage: Storage,
  tx: Queryable,
  orgId: number,
  change: { project: Project; fromState: ProjectState },
): Promise<void> {
  const { project, fromState } = change;
  await recordEvent(storage, tx, { orgId, type: 'PROJECT_UPDATE', data: project });
  if (project.state === 'done' && fromState !== 'done') {
    await recordEvent(storage, tx, { orgId, type: 'PROJECT_DELIVER', data: project });
  }
}

/** A project's move from one state to another, as server/workflows/advance.ts makes it. */
export interface ProjectMove {
  orgId: number;
  projectId: number;
  from: ProjectState;
}

/**
 * What the workflow advance calls in the transaction of its move (workflows cannot import this
 * area, which imports them): the move's events, with the project as it is after the move.
 */
export function projectMoveEvents(storage: Storage) {
  return async (tx: Queryable, move: ProjectMove): Promise<void> => {
    const project = await projectQueries(tx).get(move.orgId, move.projectId);
    if (project) {
      await recordProjectEvents(storage, tx, move.orgId, { project, fromState: move.from });
    }
  };
}
