import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobLeverageStats } from '../../shared/api/jobs';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { createJobNow, jobBody, jobWorld } from './test-support';

let t: TestApp;
let api: ReturnType<typeof apiClient>;
let world: Awaited<ReturnType<typeof jobWorld>>;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  api = apiClient(t.app);
  world = await jobWorld(t.app);
});
afterAll(() => t.close());

describe('POST /v2/jobs/{jobId}/stats', () => {
  it('answers the leverage figures per project with the bands, and keeps them on the job', async () => {
    const job = await createJobNow(t.app, jobBody(world));
    expect(job.stats).toMatchObject({ sourceWords: 0, exactWords: 0, fuzzyWords: 0, newWords: 0 });
    const response = await api.post(`/v2/jobs/${job.id}/stats`);
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<JobLeverageStats>();
    expect(stats.projects.map((p) => p.id)).toEqual(job.stats.projects.map((p) => p.id));
    // Each memory holds "Open the menu.": its words are exact in both languages.
    for (const project of stats.projects) {
      expect(project.exactWords).toBeGreaterThanOrEqual(3);
      expect(project.sourceWords).toBe(project.exactWords + project.fuzzyWords + project.newWords);
    }
    expect(stats.sourceWords).toBe(stats.projects.reduce((sum, p) => sum + p.sourceWords, 0));
    expect(stats.bands.languages.map((l) => l.trgLang)).toEqual(['es', 'ca']);
    expect(stats.bands.total.words).toBe(stats.sourceWords);
    const kept = (await api.get(`/v2/jobs/${job.id}`)).json<Job>();
    expect(kept.stats).toMatchObject({
      sourceWords: stats.sourceWords,
      exactWords: stats.exactWords,
      fuzzyWords: stats.fuzzyWords,
      newWords: stats.newWords,
    });
  });
});

describe('percentReviewed', () => {
  it("is the reviewed share of the job's segments, from the documents' counters", async () => {
    const job = await createJobNow(t.app, jobBody(world));
    expect(job.stats.percentReviewed).toBe(0);
    // No route reviews a segment yet: the counters are set as a review would keep them.
    const spanish = job.stats.projects[0]!.id;
    await t.storage.db
      .updateTable('documents')
      .set((eb) => ({ segments_reviewed: eb.ref('segments_total') }))
      .where('project_id', '=', spanish)
      .execute();
    const after = (await api.get(`/v2/jobs/${job.id}`)).json<Job>();
    expect(after.stats.percentReviewed).toBe(50);
  });
});

describe('POST /v2/jobs/{jobId}/stats, several at once', () => {
  it('analyses them in turn, each with the figures of one alone, and keeps the last', async () => {
    const job = await createJobNow(t.app, jobBody(world, { name: 'Busy' }));
    const figures = (stats: JobLeverageStats) => ({
      ...stats,
      bands: { ...stats.bands, analysedAt: '' },
    });
    const alone = (await api.post(`/v2/jobs/${job.id}/stats`)).json<JobLeverageStats>();
    const together = await Promise.all([1, 2, 3].map(() => api.post(`/v2/jobs/${job.id}/stats`)));
    const answers = together.map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<JobLeverageStats>();
    });
    for (const stats of answers) expect(figures(stats)).toEqual(figures(alone));
    // In turn: the analysis kept is the one that ended last.
    const ends = answers.map((stats) => stats.bands.analysedAt).sort();
    const row = await t.storage.db
      .selectFrom('jobs')
      .select('leverage')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.leverage!) as JobLeverageStats).bands.analysedAt).toBe(ends.at(-1));
  });
});
