import type { Queryable } from '../db/storage';

/** One of a job's files, in the job's order; `file_id` is null once the file was deleted. */
export interface JobFileRow {
  id: number;
  position: number;
  file_id: number | null;
  name: string;
}

/** One of a job's language pairs, in the job's order, with the project made for it. */
export interface JobPairRow {
  id: number;
  job_id: number;
  position: number;
  trglang: string;
  trglocale: string | null;
  memory_id: number;
  due_at: number | null;
  pretranslate: number;
  auto_accept: number;
  config_id: number | null;
  workflow_template_id: number | null;
  project_id: number | null;
  external_model_id: number | null;
  case_sensitive: number;
  match_attribution: number;
  /** JSON of StoredAssignment[] (stage-assignments.ts), null when none. */
  stage_assignments: string | null;
}

export type NewJobPair = Omit<JobPairRow, 'id' | 'job_id' | 'position' | 'project_id'>;

/** Reviewed segments out of all of a job's documents'. */
export interface Reviewed {
  reviewed: number;
  total: number;
}

/** An organization's file as a job takes it: its name and where its bytes are. */
export interface OrgFile {
  id: number;
  name: string;
  blob_sha256: string;
}

/** A job's files and language pairs, and the lookups that check them. */
export function jobPartQueries(db: Queryable) {
  return {
    async insertFiles(jobId: number, files: { id: number; name: string }[]): Promise<void> {
      if (files.length === 0) return;
      await db
        .insertInto('job_files')
        .values(
          files.map((file, position) => ({
            job_id: jobId,
            position,
            file_id: file.id,
            name: file.name,
          })),
        )
        .execute();
    },

    async insertPairs(jobId: number, pairs: NewJobPair[]): Promise<void> {
      if (pairs.length === 0) return;
      await db
        .insertInto('job_language_pairs')
        .values(pairs.map((pair, position) => ({ ...pair, job_id: jobId, position })))
        .execute();
    },

    async files(jobId: number): Promise<JobFileRow[]> {
      return db
        .selectFrom('job_files')
        .select(['id', 'position', 'file_id', 'name'])
        .where('job_id', '=', jobId)
        .orderBy('position')
        .execute();
    },

    /** The pairs of the jobs, in each job's order. */
    async pairs(jobIds: number[]): Promise<JobPairRow[]> {
      if (jobIds.length === 0) return [];
      const rows = await db
        .selectFrom('job_language_pairs')
        .selectAll()
        .where('job_id', 'in', jobIds)
        .orderBy('job_id')
        .orderBy('position')
        .execute();
      return rows as JobPairRow[];
    },

    async setPairProject(pairId: number, projectId: number | null): Promise<void> {
      await db
        .updateTable('job_language_pairs')
        .set({ project_id: projectId })
        .where('id', '=', pairId)
        .execute();
    },

    /** The ids of the projects of the jobs (job_id set), with their job, in id order. */
    async projectsOf(orgId: number, jobIds: number[]): Promise<{ id: number; job_id: number }[]> {
      if (jobIds.length === 0) return [];
      const rows = await db
        .selectFrom('projects')
        .select(['id', 'job_id'])
        .where('org_id', '=', orgId)
        .where('job_id', 'in', jobIds)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, job_id: Number(row.job_id) }));
    },

    /**
     * Reviewed and all segments of each job's shown documents, from the documents' stored
     * progress counters (one row a document, whatever its number of segments).
     */
    async reviewedOf(orgId: number, jobIds: number[]): Promise<Map<number, Reviewed>> {
      if (jobIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('documents as d')
        .innerJoin('projects as p', 'p.id', 'd.project_id')
        .select('p.job_id')
        .select((eb) => [
          eb.fn.sum<number | string>('d.segments_reviewed').as('reviewed'),
          eb.fn.sum<number | string>('d.segments_total').as('total'),
        ])
        .where('p.org_id', '=', orgId)
        .where('p.job_id', 'in', jobIds)
        .where('d.import_in_progress', '=', 0)
        .groupBy('p.job_id')
        .execute();
      return new Map(
        rows.map((row) => [
          Number(row.job_id),
          { reviewed: Number(row.reviewed ?? 0), total: Number(row.total ?? 0) },
        ]),
      );
    },

    /**
     * The number of distinct people who wrote or reviewed segments of each job's documents: the
     * last one to change a segment (`updated_by`: an edit, a confirmation, a review) and the one
     * who first confirmed it (the author of the unit it wrote into its memory, which a later edit
     * updates in place). Pretranslation and imports name no one.
     */
    async linguistsOf(orgId: number, jobIds: number[]): Promise<Map<number, number>> {
      if (jobIds.length === 0) return new Map();
      const jobSegments = () =>
        db
          .selectFrom('segments as s')
          .innerJoin('documents as d', 'd.id', 's.document_id')
          .innerJoin('projects as p', 'p.id', 'd.project_id')
          .where('p.org_id', '=', orgId)
          .where('p.job_id', 'in', jobIds);
      const lastChanged = jobSegments()
        .select(['p.job_id as job_id', 's.updated_by as user_id'])
        .where('s.updated_by', 'is not', null);
      const firstConfirmed = jobSegments()
        .innerJoin('memory_units as u', 'u.id', 's.memory_unit_id')
        .select(['p.job_id as job_id', 'u.created_by as user_id'])
        .where('u.created_by', 'is not', null);
      // UNION (not ALL) keeps one row per job and person.
      const rows = await db
        .selectFrom(lastChanged.union(firstConfirmed).as('people'))
        .select('people.job_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .groupBy('people.job_id')
        .execute();
      return new Map(rows.map((row) => [Number(row.job_id), Number(row.n)]));
    },

    /** Deletes the job's projects (their documents and history go with them); answers how many. */
    async removeProjects(orgId: number, jobId: number): Promise<number> {
      const result = await db
        .deleteFrom('projects')
        .where('org_id', '=', orgId)
        .where('job_id', '=', jobId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Those of `ids` that are users of the organization. */
    async orgUsers(orgId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return rows.map((row) => row.id);
    },

    /** Those of `ids` that are the organization's files. */
    async orgFiles(orgId: number, ids: number[]): Promise<OrgFile[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('files')
        .select(['id', 'name', 'blob_sha256'])
        .where('org_id', '=', orgId)
        .where('id', 'in', [...new Set(ids)])
        .execute();
    },
  };
}

export type JobPartQueries = ReturnType<typeof jobPartQueries>;
