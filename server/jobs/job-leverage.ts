import type { JobLeverageStats } from '../../shared/api/jobs';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { conflict } from '../http/http-error';
import type { TmRegistry } from '../memories/registry';
import type { Actor } from '../projects/store';
import { analyseProjects } from './leverage/analyse';
import { toJobLeverageStats } from './leverage/job-stats';
import { jobNotFound } from './lifecycle';
import { jobPartQueries } from './pair-queries';
import { jobQueries } from './queries';

/**
 * `POST /v2/jobs/{id}/stats`: the leverage analysis (./leverage/) of the job's projects against
 * their memories as they are now, kept on the job (its figures are Job.stats' word counts).
 *
 * One analysis runs at a time in a process; the others wait their turn. An analysis yields to
 * the event loop every few milliseconds, so the server answers meanwhile, but several at once
 * would each hold their tallies and split the CPU: queued, each request still counts the
 * memory as it is when its turn comes, and the figures kept are those of the last to run.
 */
export function createJobLeverage(storage: Storage, tm: TmRegistry) {
  let turn: Promise<unknown> = Promise.resolve();

  async function analyse(actor: Actor, jobId: number): Promise<JobLeverageStats> {
    const job = await jobQueries(storage.db).get(actor.orgId, jobId);
    if (!job) throw jobNotFound(jobId);
    if (job.creation_status === 'PENDING') {
      throw conflict(`Job ${jobId} is still being created: analyse it once it is COMPLETE`);
    }
    const projects = await jobPartQueries(storage.db).projectsOf(actor.orgId, [jobId]);
    const report = await analyseProjects(
      { storage, tm },
      actor.orgId,
      projects.map((project) => project.id),
    );
    const stats = toJobLeverageStats(report);
    await jobQueries(storage.db).setLeverage(jobId, JSON.stringify(stats), nowSeconds());
    return stats;
  }

  return {
    analyse(actor: Actor, jobId: number): Promise<JobLeverageStats> {
      const mine = turn.then(() => analyse(actor, jobId));
      // The next one waits for this one to end, however it ends.
      turn = mine.catch(() => undefined);
      return mine;
    },
  };
}

export type JobLeverage = ReturnType<typeof createJobLeverage>;
