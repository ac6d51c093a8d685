import { sql } from 'kysely';
import type { ProjectState } from '../../shared/api/projects';
import type { Queryable } from '../db/storage';

/** Where a project stands in its workflow. */
export interface ProjectStage {
  projectId: number;
  orgId: number;
  state: ProjectState;
  templateId: number | null;
}

/** The reads and the move of a project following its workflow template. */
export function workflowQueries(db: Queryable) {
  return {
    /** The project of a document, with its state and template; null when there is none. */
    async stageOfDocument(documentId: number): Promise<ProjectStage | null> {
      const row = await db
        .selectFrom('documents as d')
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .select(['p.id', 'p.org_id', 'p.state', 'p.workflow_template_id'])
        .where('d.id', '=', documentId)
        .executeTakeFirst();
      return row
        ? {
            projectId: row.id,
            orgId: row.org_id,
            state: row.state as ProjectState,
            templateId: row.workflow_template_id,
          }
        : null;
    },

    /**
     * The project's state, its row locked until the transaction ends where `lock` (PostgreSQL:
     * SQLite refuses `FOR UPDATE`, and its transaction already holds the database).
     */
    async stateOf(projectId: number, lock: boolean): Promise<ProjectState | null> {
      const row = await db
        .selectFrom('projects')
        .select('state')
        .where('id', '=', projectId)
        .$if(lock, (query) => query.forUpdate())
        .executeTakeFirst();
      return row ? (row.state as ProjectState) : null;
    },

    /**
     * Segments of the project's shown documents (not still importing), and how many of them are
     * reviewed: one pass over the `segments_document` index range of each document.
     */
    async reviewCounts(projectId: number): Promise<{ total: number; reviewed: number }> {
      const row = await db
        .selectFrom('segments as s')
        .innerJoin('documents as d', 'd.id', 's.document_id')
        .where('d.project_id', '=', projectId)
        .where('d.import_in_progress', '=', 0)
        .select([
          sql<number | string>`count(*)`.as('total'),
          sql<number | string>`coalesce(sum(case when s.is_reviewed <> 0 then 1 else 0 end), 0)`.as(
            'reviewed',
          ),
        ])
        .executeTakeFirst();
      return { total: Number(row?.total ?? 0), reviewed: Number(row?.reviewed ?? 0) };
    },

    /** Moves the project as a board move does: the new state, and the move recorded. */
    async move(
      projectId: number,
      from: ProjectState,
      to: ProjectState,
      userId: number,
      now: number,
    ): Promise<void> {
      await db
        .updateTable('projects')
        .set({ state: to, updated_at: now })
        .where('id', '=', projectId)
        .execute();
      await db
        .insertInto('project_state_changes')
        .values({
          project_id: projectId,
          from_state: from,
          to_state: to,
          user_id: userId,
          changed_at: now,
        })
        .execute();
    },
  };
}
