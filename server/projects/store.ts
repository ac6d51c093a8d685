import type {
  Project,
  ProjectCreateParameters,
  ProjectUpdateParameters,
} from '../../shared/api/projects';
import type { Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import type { ProjectFilter } from './project-filter';
import { projectJobQueries } from './job-queries';
import { recordProjectEvents } from './project-events';
import { projectQueries, type ProjectStateChange } from './queries';
import { checkWorkflowMove, chosenTemplateId } from '../workflows/project-rules';

/** Who is acting: the organization scopes every lookup, the user is recorded on state changes. */
export interface Actor {
  orgId: number;
  userId: number;
}

const UPDATABLE = [
  'name',
  'state',
  'due_date',
  'archived',
  'metadata',
  'sample_review_percentage',
] as const satisfies (keyof ProjectUpdateParameters)[];

/** Field values compared as their JSON (`metadata` is an object). */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The projects area over a storage: reads on its handle, each write in one transaction.
 */
export function createProjectStore(storage: Storage) {
  const reads = projectQueries(storage.db);
  const inTransaction = <T>(tx: Queryable | undefined, work: (tx: Queryable) => Promise<T>) =>
    tx ? work(tx) : storage.transaction(work);

  /**
   * Up to `limit` projects after `afterId` (in id order) with their documents. The page's two
   * queries read one snapshot (no write lock), so its documents are those of the projects it
   * lists even while others write. The route reads a full list a page per turn of the event
   * loop; no snapshot is held across pages.
   */
  const listPage = (
    orgId: number,
    filter: ProjectFilter,
    afterId: number,
    limit: number,
  ): Promise<Project[]> =>
    storage.snapshot((tx) => projectQueries(tx).page(orgId, filter, afterId, limit));

  return {
    get: (orgId: number, id: number): Promise<Project | null> => reads.get(orgId, id),

    listPage,

    /** Every project the filter selects, with its documents (for tests and small lists). */
    list: (orgId: number, filter: ProjectFilter): Promise<Project[]> =>
      listPage(orgId, filter, 0, Number.MAX_SAFE_INTEGER),

    /**
     * A new project in `backlog` with its memory's languages, in the job `job_id` names (404 if
     * it is not the organization's) or in a new job of its own; null when there is no such memory.
     */
    create: (
      actor: Actor,
      input: ProjectCreateParameters,
      now = nowSeconds(),
    ): Promise<Project | null> =>
      storage.transaction(async (tx) => {
        const q = projectQueries(tx);
        const languages = await q.memoryLanguages(actor.orgId, input.memory_id);
        if (!languages) return null;
        // An unknown template is a 400 (the transaction rolls back, nothing is created).
        const workflowTemplateId = chosenTemplateId(input);
        const forJob = {
          name: input.name,
          memoryId: input.memory_id,
          dueDate: input.due_date ?? null,
          workflowTemplateId,
          ...languages,
        };
        const jobs = projectJobQueries(tx, storage.dialect === 'postgres');
        const jobId = await jobs.jobFor(actor.orgId, input.job_id, forJob, now);
        const id = await q.insert({
          orgId: actor.orgId,
          memoryId: input.memory_id,
          jobId,
          name: input.name,
          dueDate: input.due_date ?? null,
          metadata: input.metadata ?? {},
          workflowTemplateId,
          ...languages,
          now,
        });
        await jobs.addPair(jobId, id, forJob);
        await q.insertChange(id, null, 'backlog', actor.userId, now);
        return q.get(actor.orgId, id);
      }),

    /**
     * Changes only the fields present and records a state move; null when there is no such
     * project. `within`: a transaction of the caller's that writes more with it (a job's delivery).
     */
    update: (
      actor: Actor,
      input: ProjectUpdateParameters,
      now = nowSeconds(),
      within?: Queryable,
    ): Promise<Project | null> =>
      inTransaction(within, async (tx) => {
        const q = projectQueries(tx);
        // The state read here is the `from_state` recorded: on PostgreSQL the row stays locked.
        const current = await q.get(actor.orgId, input.id, storage.dialect === 'postgres');
        if (!current) return null;
        const { id } = input;
        // Fields of other API versions are ignored: only these can change.
        if (UPDATABLE.every((field) => input[field] === undefined)) return current;
        // A project with a workflow template moves only through its stages (409, unchanged).
        if (input.state !== undefined && input.state !== current.state) {
          checkWorkflowMove(current.workflowTemplateId ?? null, input.state);
        }
        const next = {
          name: input.name ?? current.name,
          state: input.state ?? current.state,
          due_date: input.due_date === undefined ? current.due_date : input.due_date,
          archived: input.archived ?? current.archived,
          metadata: input.metadata ?? current.metadata,
          sample_review_percentage:
            input.sample_review_percentage ?? current.sample_review_percentage,
        };
        await q.update(id, { ...next, now });
        if (next.state !== current.state) {
          await q.insertChange(id, current.state, next.state, actor.userId, now);
        }
        const project = await q.get(actor.orgId, id);
        // Its webhook events, with the change: only when a field took another value.
        if (project && UPDATABLE.some((field) => !sameValue(next[field], current[field]))) {
          await recordProjectEvents(storage, tx, actor.orgId, {
            project,
            fromState: current.state,
          });
        }
        return project;
      }),

    /** Deletes the project with its documents and history; false when there is no such project. */
    remove: (orgId: number, id: number): Promise<boolean> =>
      storage.transaction((tx) => projectQueries(tx).remove(orgId, id)),

    /** The project's state history, oldest first. */
    stateChanges: (projectId: number): Promise<ProjectStateChange[]> =>
      reads.stateChanges(projectId),
  };
}

export type ProjectStore = ReturnType<typeof createProjectStore>;
