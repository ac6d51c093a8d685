import type { Job } from '../../shared/api/jobs';
import type { Project } from '../../shared/api/projects';
import type { Storage } from '../db/storage';
import type { ProjectStore } from '../projects/store';
import { jobToWire } from './job-wire';
import { jobPartQueries } from './pair-queries';
import { jobQueries, type JobListFilter, type JobRow } from './queries';

/** Jobs on the wire: their rows with their pairs and their projects (with progress). */
export function createJobReads(storage: Storage, projects: ProjectStore) {
  async function toWire(orgId: number, rows: JobRow[]): Promise<Job[]> {
    const ids = rows.map((row) => row.id);
    const parts = jobPartQueries(storage.db);
    const pairs = await parts.pairs(ids);
    const links = await parts.projectsOf(orgId, ids);
    const listed =
      links.length === 0 ? [] : await projects.list(orgId, { ids: links.map((link) => link.id) });
    const byId = new Map(listed.map((project) => [project.id, project]));
    const reviewed = await parts.reviewedOf(orgId, ids);
    return rows.map((row) => {
      const own = links
        .filter((link) => link.job_id === row.id)
        .map((link) => byId.get(link.id))
        .filter((project): project is Project => project !== undefined);
      const ownPairs = pairs.filter((pair) => pair.job_id === row.id);
      return jobToWire(row, ownPairs, own, reviewed.get(row.id));
    });
  }

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
