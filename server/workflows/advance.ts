import type { FastifyBaseLogger } from 'fastify';
import type { ProjectState } from '../../shared/api/projects';
import type { AssignmentType } from '../../shared/api/workflows';
import type { Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { addProgress, progressQueries } from '../documents/progress-queries';
import { workflowQueries } from './queries';
import {
  nextStage,
  STAGE_OF_STATE,
  STATE_OF_STAGE,
  workflowTemplate,
  type TemplateDefinition,
} from './templates';

/** Whether every segment of the project has the work of `stage` done (and there are some). */
async function isStageWorkDone(
  db: Queryable,
  projectId: number,
  stage: AssignmentType,
): Promise<boolean> {
  if (stage === 'TRANSLATE') {
    const progress = addProgress([...(await progressQueries(db).ofProject(projectId)).values()]);
    return progress.segments_total > 0 && progress.segments_confirmed === progress.segments_total;
  }
  if (stage === 'REVIEW') {
    const { total, reviewed } = await workflowQueries(db).reviewCounts(projectId);
    return total > 0 && reviewed === total;
  }
  // The other stages end by hand (a board move).
  return false;
}

/**
 * The stage whose work a save counts for. Translating in the backlog (before anyone moved the
 * project to In progress) is the TRANSLATE stage's work: once it is done the project moves on
 * as it would from In progress.
 */
function workingStage(template: TemplateDefinition, stage: AssignmentType): AssignmentType {
  return stage === 'READY_TO_START' && template.stages.includes('TRANSLATE') ? 'TRANSLATE' : stage;
}

/**
 * Called in the transaction of a move, to write what goes with it (the projects area's webhook
 * events: this area cannot import that one, which imports it).
 */
export type ProjectMoved = (
  tx: Queryable,
  move: { orgId: number; projectId: number; from: ProjectState },
) => Promise<void>;

/**
 * Moves a project with a workflow template on when its stage's work is done: when every segment
 * is confirmed in TRANSLATE (or in the backlog), or reviewed in REVIEW, it goes to the template's next stage, recorded
 * as a board move by whoever saved the last segment.
 */
export function createWorkflowAdvance(
  storage: Storage,
  log?: FastifyBaseLogger,
  moved?: ProjectMoved,
) {
  const lock = storage.dialect === 'postgres';

  async function advance(documentId: number, userId: number): Promise<void> {
    // Most projects have no template: one indexed read, and done.
    const at = await workflowQueries(storage.db).stageOfDocument(documentId);
    const template = at?.templateId == null ? undefined : workflowTemplate(at.templateId);
    if (!at || !template) return;
    const stage = workingStage(template, STAGE_OF_STATE[at.state]);
    const next = nextStage(template, stage);
    if (!next || !(await isStageWorkDone(storage.db, at.projectId, stage))) return;
    await storage.transaction(async (tx) => {
      const q = workflowQueries(tx);
      // Two saves finishing the stage at once both get here: the row lock (PostgreSQL) or the
      // write lock (SQLite) lets the first move it; the second finds it moved and stops.
      if ((await q.stateOf(at.projectId, lock)) !== at.state) return;
      if (!(await isStageWorkDone(tx, at.projectId, stage))) return;
      await q.move(at.projectId, at.state, STATE_OF_STAGE[next], userId, nowSeconds());
      await moved?.(tx, { orgId: at.orgId, projectId: at.projectId, from: at.state });
    });
  }

  return {
    /**
     * Called after segments of `documentId` were saved and committed (confirmed, or reviewed).
     * Never fails: the save has happened; a failed move is logged and the board can still move
     * the project by hand.
     */
    async segmentsSaved(documentId: number | null, userId: number): Promise<void> {
      if (documentId === null) return;
      try {
        await advance(documentId, userId);
      } catch (error) {
        log?.error({ err: error, documentId }, 'could not move a project on in its workflow');
      }
    },
  };
}

export type WorkflowAdvance = ReturnType<typeof createWorkflowAdvance>;
