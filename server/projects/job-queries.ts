import type { Queryable } from '../db/storage';
import { notFound } from '../http/http-error';

/** What a project brings to its job: its memory's languages, name, due date and template. */
export interface ProjectForJob {
  name: string;
  memoryId: number;
  srclang: string;
  trglang: string;
  srclocale: string | null;
  trglocale: string | null;
  dueDate: number | null;
  workflowTemplateId: number | null;
}

/**
 * The job side of `POST /v2/projects` (API.md 5, ProjectCreateParameters: `job_id` omitted, a new
 * Job is created). Written here rather than through server/jobs/, which builds on projects.
 */
export function projectJobQueries(db: Queryable, lock: boolean) {
  return {
    /**
     * The job the new project joins: `jobId` when it is the organization's (404 otherwise, its
     * row locked on PostgreSQL until the transaction ends), or a new job made for it, complete.
     */
    async jobFor(orgId: number, jobId: number | undefined, project: ProjectForJob, now: number) {
      if (jobId !== undefined) {
        const query = db
          .selectFrom('jobs')
          .select('id')
          .where('id', '=', jobId)
          .where('org_id', '=', orgId);
        const found = await (lock ? query.forUpdate() : query).executeTakeFirst();
        if (!found) throw notFound(`job_id: job ${jobId} not found`);
        return jobId;
      }
      const row = await db
        .insertInto('jobs')
        .values({
          org_id: orgId,
          name: project.name,
          srclang: project.srclang,
          srclocale: project.srclocale,
          due_at: project.dueDate,
          creation_status: 'COMPLETE',
          workflow_template_id: project.workflowTemplateId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Records the project as the job's next language pair. */
    async addPair(jobId: number, projectId: number, project: ProjectForJob): Promise<void> {
      const last = await db
        .selectFrom('job_language_pairs')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('job_id', '=', jobId)
        .executeTakeFirst();
      await db
        .insertInto('job_language_pairs')
        .values({
          job_id: jobId,
          position: last?.position == null ? 0 : Number(last.position) + 1,
          trglang: project.trglang,
          trglocale: project.trglocale,
          memory_id: project.memoryId,
          due_at: project.dueDate,
          workflow_template_id: project.workflowTemplateId,
          project_id: projectId,
        })
        .execute();
    },
  };
}
