import type { Job } from '../../shared/api/jobs';
import type { Project } from '../../shared/api/projects';
import type { Queryable, Storage } from '../db/storage';
import type { ProjectStore } from '../projects/store';
import { jobToWire } from './job-wire';
import { jobPartQueries } from './pair-queries';
import { jobQueries, type JobListFilter, type JobRow } from './queries';

/**
 * The organization's jobs on the wire: their rows with their pairs and their projects (with
 * progress), read through `db` (the handle, or the transaction of a change whose webhook event
 * carries the job); `listProjects` reads the projects of those ids.
 */
export async function jobsToWire(
  db: Queryable,
  orgId: number,
  rows: JobRow[],
  listProjects: (ids: number[]) => Promise<Project[]>,
): Promise<Job[]> {
  const ids = rows.map((row) => row.id);
  const parts = jobPartQueries(db);
  const pairs = await parts.pairs(ids);
  const links = await parts.projectsOf(orgId, ids);
  const listed = links.length === 0 ? [] : await listProjects(links.map((link) => link.id));
  const byId = new Map(listed.map((project) => [project.id, project]));
  const reviewed = await parts.reviewedOf(orgId, ids);
  const linguists = await parts.linguistsOf(orgId, ids);
  return rows.map((row) => {
    const own = links
      .filter((link) => link.job_id === row.id)
      .map((link) => byId.get(link.id))
      .filter((project): project is Project => project !== undefined);
    const ownPairs = pairs.filter((pair) => pair.job_id === row.id);
    return jobToWire(row, ownPairs, own, reviewed.get(row.id), linguists.get(row.id));
  });
}

/** Jobs on the wire: their rows with their pairs and their projects (with progress). */
export function createJobReads(storage: Storage, projects: ProjectStore) {
  const toWire = (orgId: number, rows: JobRow[]): Promise<Job[]> =>
    jobsToWire(storage.db, orgId, rows, (ids) => projects.list(orgId, { ids }));

  return {
    /** The organization's job, or null. */
    async get(orgId: number, id: number): Promise<Job | null> {
      const row = await jobQueries(storage.db).get(orgId, id);
      return row ? ((await toWire(orgId, [row]))[0] ?? null) : null;
    },

    /** A page of the organization's jobs, newest first. */
    async page(orgId: number, filter: JobListFilter, offset: number, limit: number) {
      return toWire(orgId, await jobQueries(storage.db).page(orgId, filter, offset, limit));
    },
  };
}

export type JobReads = ReturnType<typeof createJobReads>;
