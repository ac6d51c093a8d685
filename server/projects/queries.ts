import type {
  Project,
  ProjectCreateParameters,
  ProjectState,
  ProjectUpdateParameters,
  WorkflowStatus,
} from '../../shared/api/projects';
import type { Database } from '../db/db';
import { DOCUMENT_COLUMNS, documentToWire, type DocumentTuple } from '../documents/queries';
import { projectWhere, type ProjectFilter } from './project-filter';
import { nowSeconds } from '../db/time';

/** A `projects` row in `PROJECT_COLUMNS` order (raw mode, see `DocumentTuple`). */
type ProjectTuple = [
  id: number,
  memoryId: number,
  jobId: number | null,
  srclang: string,
  trglang: string,
  srclocale: string | null,
  trglocale: string | null,
  name: string,
  state: ProjectState,
  dueDate: number | null,
  archived: number,
  metadata: string,
  sampleReviewPercentage: number | null,
  createdAt: number,
  updatedAt: number,
];

/** One recorded move: `fromState` is null for the creation into `backlog`. */
export interface ProjectStateChange {
  id: number;
  projectId: number;
  fromState: ProjectState | null;
  toState: ProjectState;
  userId: number | null;
  /** Epoch seconds. */
  changedAt: number;
}

/** Who is acting: the organization scopes every lookup, the user is recorded on state changes. */
export interface Actor {
  orgId: number;
  userId: number;
}

const PROJECT_COLUMNS = `p.id, p.memory_id, p.job_id, p.srclang, p.trglang, p.srclocale,
  p.trglocale, p.name, p.state, p.due_date, p.archived, p.metadata, p.sample_review_percentage,
  p.created_at, p.updated_at`;

const UPDATABLE = [
  'name',
  'state',
  'due_date',
  'archived',
  'metadata',
  'sample_review_percentage',
] as const satisfies (keyof ProjectUpdateParameters)[];

export function workflowStatusOf(state: ProjectState): WorkflowStatus {
  if (state === 'backlog') return 'READY_TO_START';
  return state === 'done' ? 'DONE' : 'IN_PROGRESS';
}

function projectToWire(row: ProjectTuple): Project {
  return {
    id: row[0],
    memory_id: row[1],
    job_id: row[2],
    srclang: row[3],
    trglang: row[4],
    srclocale: row[5],
    trglocale: row[6],
    name: row[7],
    state: row[8],
    due_date: row[9],
    archived: row[10] !== 0,
    metadata: JSON.parse(row[11]) as Record<string, string>,
    sample_review_percentage: row[12],
    created_at: row[13],
    updated_at: row[14],
    workflowStatus: workflowStatusOf(row[8]),
    document: [],
  };
}

/**
 * Projects of an organization with their documents and state history. Statements are prepared
 * once; list queries once per combination of filters, on first use.
 */
export function createProjectStore(db: Database) {
  const memory = db.prepare<
    [number, number],
    { srclang: string; trglang: string; srclocale: string | null; trglocale: string | null }
  >('SELECT srclang, trglang, srclocale, trglocale FROM memories WHERE id = ? AND org_id = ?');
  const insert = db.prepare(
    `INSERT INTO projects (org_id, memory_id, job_id, name, due_date, metadata, workflow_template_id,
       srclang, trglang, srclocale, trglocale, created_at, updated_at)
     VALUES (@orgId, @memoryId, @jobId, @name, @dueDate, @metadata, @workflowTemplateId,
       @srclang, @trglang, @srclocale, @trglocale, @now, @now)`,
  );
  const selectOne = db
    .prepare<[number, number], ProjectTuple>(
      `SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.id = ? AND p.org_id = ?`,
    )
    .raw(true);
  const documentsOf = db
    .prepare<[number], DocumentTuple>(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents d
        WHERE d.project_id = ? AND d.import_in_progress = 0 ORDER BY d.id`,
    )
    .raw(true);
  const update = db.prepare(
    `UPDATE projects SET name = @name, state = @state, due_date = @due_date, archived = @archived,
       metadata = @metadata, sample_review_percentage = @sample_review_percentage,
       updated_at = @updated_at
     WHERE id = @id`,
  );
  const remove = db.prepare<[number, number]>('DELETE FROM projects WHERE id = ? AND org_id = ?');
  const insertChange = db.prepare<[number, ProjectState | null, ProjectState, number, number]>(
    `INSERT INTO project_state_changes (project_id, from_state, to_state, user_id, changed_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const selectChanges = db.prepare<[number], ProjectStateChange>(
    `SELECT id, project_id AS projectId, from_state AS fromState, to_state AS toState,
       user_id AS userId, changed_at AS changedAt
     FROM project_state_changes WHERE project_id = ? ORDER BY id`,
  );
  const listQueries = new Map<string, ReturnType<typeof prepareList>>();

  // Pages in id order: the projects after an id, then the documents of that id range.
  function prepareList(where: string) {
    return {
      projects: db
        .prepare<unknown[], ProjectTuple>(
          `SELECT ${PROJECT_COLUMNS} FROM projects p WHERE (${where}) AND p.id > ?
           ORDER BY p.id LIMIT ?`,
        )
        .raw(true),
      // The same filter joined, rather than one query per project or an IN list of ids.
      documents: db
        .prepare<unknown[], DocumentTuple>(
          `SELECT ${DOCUMENT_COLUMNS} FROM documents d JOIN projects p ON p.id = d.project_id
           WHERE (${where}) AND p.id > ? AND p.id <= ? AND d.import_in_progress = 0
           ORDER BY d.project_id, d.id`,
        )
        .raw(true),
    };
  }

  function get(orgId: number, id: number): Project | null {
    const row = selectOne.get(id, orgId);
    if (!row) return null;
    const project = projectToWire(row);
    project.document = documentsOf.all(id).map(documentToWire);
    return project;
  }

  /**
   * Up to `limit` projects after `afterId` (in id order) with their documents. One read
   * transaction: both queries see the same snapshot even if another process writes. The route
   * reads a full list a page per turn of the event loop.
   */
  const listPage = db.transaction(
    (orgId: number, filter: ProjectFilter, afterId: number, limit: number): Project[] => {
      const where = projectWhere(orgId, filter);
      let queries = listQueries.get(where.key);
      if (!queries) {
        queries = prepareList(where.sql);
        listQueries.set(where.key, queries);
      }
      const projects = queries.projects.all(...where.params, afterId, limit).map(projectToWire);
      const last = projects[projects.length - 1];
      if (!last) return projects;
      const byId = new Map(projects.map((project) => [project.id, project]));
      for (const row of queries.documents.all(...where.params, afterId, last.id)) {
        byId.get(row[1])?.document.push(documentToWire(row));
      }
      return projects;
    },
  ).deferred;

  /** Every project the filter selects, with its documents (for tests and small lists). */
  function list(orgId: number, filter: ProjectFilter): Project[] {
    return listPage(orgId, filter, 0, Number.MAX_SAFE_INTEGER);
  }

  return {
    get,
    list,
    listPage,

    /** A new project in `backlog` with its memory's languages; null when there is no such memory. */
    create: db.transaction((actor: Actor, input: ProjectCreateParameters, now = nowSeconds()) => {
      const languages = memory.get(input.memory_id, actor.orgId);
      if (!languages) return null;
      const result = insert.run({
        orgId: actor.orgId,
        memoryId: input.memory_id,
        jobId: input.job_id ?? null,
        name: input.name,
        dueDate: input.due_date ?? null,
        metadata: JSON.stringify(input.metadata ?? {}),
        workflowTemplateId: input.workflowTemplateId ?? null,
        ...languages,
        now,
      });
      const id = Number(result.lastInsertRowid);
      insertChange.run(id, null, 'backlog', actor.userId, now);
      return get(actor.orgId, id);
    }).immediate,

    /** Changes only the fields present and records a state move; null when there is no such project. */
    update: db.transaction((actor: Actor, input: ProjectUpdateParameters, now = nowSeconds()) => {
      const current = get(actor.orgId, input.id);
      if (!current) return null;
      const { id } = input;
      // Fields of other API versions are ignored: only these can change.
      if (UPDATABLE.every((field) => input[field] === undefined)) return current;
      const next = {
        name: input.name ?? current.name,
        state: input.state ?? current.state,
        due_date: input.due_date === undefined ? current.due_date : input.due_date,
        archived: input.archived ?? current.archived,
        metadata: input.metadata ?? current.metadata,
        sample_review_percentage:
          input.sample_review_percentage ?? current.sample_review_percentage,
      };
      update.run({
        id,
        name: next.name,
        state: next.state,
        due_date: next.due_date,
        archived: next.archived ? 1 : 0,
        metadata: JSON.stringify(next.metadata),
        sample_review_percentage: next.sample_review_percentage,
        updated_at: now,
      });
      if (next.state !== current.state) {
        insertChange.run(id, current.state, next.state, actor.userId, now);
      }
      return get(actor.orgId, id);
    }).immediate,

    /** Deletes the project with its documents and history; false when there is no such project. */
    remove: db.transaction(
      (orgId: number, id: number): boolean => remove.run(id, orgId).changes > 0,
    ).immediate,

    /** The project's state history, oldest first. */
    stateChanges: (projectId: number): ProjectStateChange[] => selectChanges.all(projectId),
  };
}

export type ProjectStore = ReturnType<typeof createProjectStore>;
