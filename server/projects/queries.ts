import type { Project, ProjectState } from '../../shared/api/projects';
import type { Queryable } from '../db/storage';
import { addProgress } from '../documents/progress-queries';
import { DOCUMENT_WIRE_COLUMNS, documentRowToWire } from '../documents/queries';
import { projectWhere, type ProjectFilter } from './project-filter';
import { projectRows, projectToWire } from './project-wire';

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

/** What a new project row holds (the caller has read its memory's languages). */
export interface NewProject {
  orgId: number;
  memoryId: number;
  jobId: number | null;
  name: string;
  dueDate: number | null;
  metadata: Record<string, string>;
  workflowTemplateId: number | null;
  srclang: string;
  trglang: string;
  srclocale: string | null;
  trglocale: string | null;
  now: number;
}

/** The fields an update sets, all of them (the caller merges in what stays). */
export interface ProjectChange {
  name: string;
  state: ProjectState;
  due_date: number | null;
  archived: boolean;
  metadata: Record<string, string>;
  sample_review_percentage: number | null;
  now: number;
}

/** The project with its progress: the sums of its documents'. */
function withProgress(project: Project): Project {
  return Object.assign(project, addProgress(project.document));
}

/**
 * Projects of an organization with their documents and state history. `db` is the storage's
 * handle or an open transaction; the caller runs a write (or a page of the list, which reads
 * twice) in a transaction: see `createProjectStore`.
 */
export function projectQueries(db: Queryable) {
  /** Shown documents (not still importing) in wire columns. */
  const documentRows = () =>
    db
      .selectFrom('documents as d')
      .select(DOCUMENT_WIRE_COLUMNS)
      .where('d.import_in_progress', '=', 0);

  return {
    /** The language pair of the organization's memory, or null when it has no such memory. */
    async memoryLanguages(orgId: number, memoryId: number) {
      const row = await db
        .selectFrom('memories')
        .select(['srclang', 'trglang', 'srclocale', 'trglocale'])
        .where('id', '=', memoryId)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return row ?? null;
    },

    async insert(project: NewProject): Promise<number> {
      const row = await db
        .insertInto('projects')
        .values({
          org_id: project.orgId,
          memory_id: project.memoryId,
          job_id: project.jobId,
          name: project.name,
          due_date: project.dueDate,
          metadata: JSON.stringify(project.metadata),
          workflow_template_id: project.workflowTemplateId,
          srclang: project.srclang,
          trglang: project.trglang,
          srclocale: project.srclocale,
          trglocale: project.trglocale,
          created_at: project.now,
          updated_at: project.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The project with its documents, or null. `lock` takes the project's row lock until the
     * transaction ends (PostgreSQL only: SQLite has no `FOR UPDATE`, its transaction holds the
     * whole database).
     */
    async get(orgId: number, id: number, lock = false): Promise<Project | null> {
      const row = await projectRows(db)
        .where('p.id', '=', id)
        .where('p.org_id', '=', orgId)
        .$if(lock, (query) => query.forUpdate())
        .executeTakeFirst();
      if (!row) return null;
      const project = projectToWire(row);
      const documents = await documentRows()
        .where('d.project_id', '=', id)
        .orderBy('d.id')
        .execute();
      // Each row holds its document's progress (documents/progress-counter-queries.ts).
      project.document = documents.map((document) => documentRowToWire(document));
      return withProgress(project);
    },

    async update(id: number, change: ProjectChange): Promise<void> {
      await db
        .updateTable('projects')
        .set({
          name: change.name,
          state: change.state,
          due_date: change.due_date,
          archived: change.archived ? 1 : 0,
          metadata: JSON.stringify(change.metadata),
          sample_review_percentage: change.sample_review_percentage,
          updated_at: change.now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the project; its documents and history go with it (foreign keys cascade). */
    async remove(orgId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('projects')
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async insertChange(
      projectId: number,
      fromState: ProjectState | null,
      toState: ProjectState,
      userId: number,
      now: number,
    ): Promise<void> {
      await db
        .insertInto('project_state_changes')
        .values({
          project_id: projectId,
          from_state: fromState,
          to_state: toState,
          user_id: userId,
          changed_at: now,
        })
        .execute();
    },

    /** The project's state history, oldest first. */
    async stateChanges(projectId: number): Promise<ProjectStateChange[]> {
      const rows = await db
        .selectFrom('project_state_changes')
        .select([
          'id',
          'project_id as projectId',
          'from_state as fromState',
          'to_state as toState',
          'user_id as userId',
          'changed_at as changedAt',
        ])
        .where('project_id', '=', projectId)
        .orderBy('id')
        .execute();
      return rows as ProjectStateChange[];
    },

    /**
     * Up to `limit` projects after `afterId` (in id order) with their documents: the page, then
     * the documents of its id range with the same filter joined (one query per page, rather
     * than one per project or an IN list of ids). Run it in a transaction (`listPage`).
     */
    async page(
      orgId: number,
      filter: ProjectFilter,
      afterId: number,
      limit: number,
    ): Promise<Project[]> {
      const where = projectWhere(orgId, filter);
      const rows = await projectRows(db)
        .where(where)
        .where('p.id', '>', afterId)
        .orderBy('p.id')
        .limit(limit)
        .execute();
      const projects = rows.map(projectToWire);
      const last = projects[projects.length - 1];
      if (!last) return projects;
      const documents = await documentRows()
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .where(where)
        .where('p.id', '>', afterId)
        .where('p.id', '<=', last.id)
        .orderBy('d.project_id')
        .orderBy('d.id')
        .execute();
      const byId = new Map(projects.map((project) => [project.id, project]));
      for (const row of documents) {
        const document = documentRowToWire(row);
        byId.get(row.project_id)?.document.push(document);
      }
      return projects.map(withProgress);
    },
  };
}

export type ProjectQueries = ReturnType<typeof projectQueries>;
