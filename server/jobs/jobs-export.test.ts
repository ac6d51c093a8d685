import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/api/jobs';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { createJobNow, jobBody, jobWorld } from './test-support';

let t: TestApp;
let api: ReturnType<typeof apiClient>;
let world: Awaited<ReturnType<typeof jobWorld>>;
let job: Job;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  api = apiClient(t.app);
  world = await jobWorld(t.app);
  // Spanish pretranslated from its memory (TM only: no MT here), Catalan left untranslated.
  job = await createJobNow(
    t.app,
    jobBody(world, {
      languagePairs: [
        { trgLang: 'es', memoryId: world.es, pretranslate: true },
        { trgLang: 'ca', memoryId: world.ca },
      ],
    }),
  );
});
afterAll(() => t.close());

const message = (response: { json: () => unknown }) =>
  (response.json() as { message: string }).message;

async function exportNow(type: string): Promise<Record<string, string>> {
  const started = await api.get(`/v2/jobs/${job.id}/export?type=${type}`);
  expect(started.statusCode, started.body).toBe(200);
  expect(started.body).toBe('');
  await t.app.work.idle();
  const after = (await api.get(`/v2/jobs/${job.id}`)).json<Job>();
  expect(after).toMatchObject({ isProcessing: 0, exportType: type, processingErrorMsg: null });
  const download = await api.get(`/v2/jobs/${job.id}/download`);
  expect(download.statusCode, download.body).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  expect(download.headers['content-disposition']).toContain('Spring release.zip');
  const entries = unzipSync(new Uint8Array(download.rawPayload));
  return Object.fromEntries(
    Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
}

describe('export and download', () => {
  it('refuses a download before any export, in words', async () => {
    const response = await api.get(`/v2/jobs/${job.id}/download`);
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe(
      `Job ${job.id} has no export yet: start one with GET /v2/jobs/${job.id}/export?type=files`,
    );
  });

  it("files: each project's documents in their own format under <trglang>/", async () => {
    const files = await exportNow('files');
    expect(Object.keys(files).sort()).toEqual([
      'ca/guide.txt',
      'ca/notes.po',
      'ca/strings.json',
      'es/guide.txt',
      'es/notes.po',
      'es/strings.json',
    ]);
    expect(files['es/guide.txt']).toContain('Abra el menú.');
    expect(files['ca/guide.txt']).toContain('Open the menu.');
    expect(JSON.parse(files['es/strings.json']!)).toEqual({
      greeting: 'Hello world.',
      bye: 'Goodbye.',
    });
  });

  it("memory: one TMX per language pair's memory", async () => {
    const files = await exportNow('memory');
    expect(Object.keys(files).sort()).toEqual(['ca/en-ca.tmx', 'es/en-es.tmx']);
    expect(files['es/en-es.tmx']).toContain('Abra el menú.');
    expect(files['ca/en-ca.tmx']).toContain('Obriu el menú.');
  });

  it('a failed export: -2 with the reason, and the download refused until another', async () => {
    const pairs = t.storage.db.updateTable('job_language_pairs').where('job_id', '=', job.id);
    await pairs.set({ memory_id: 999_999 }).where('trglang', '=', 'ca').execute();
    try {
      expect((await api.get(`/v2/jobs/${job.id}/export?type=memory`)).statusCode).toBe(200);
      await t.app.work.idle();
      const failed = (await api.get(`/v2/jobs/${job.id}`)).json<Job>();
      expect(failed).toMatchObject({ isProcessing: -2 });
      expect(failed.processingErrorMsg).toContain('Memory 999999 was deleted');
      const download = await api.get(`/v2/jobs/${job.id}/download`);
      expect(download.statusCode).toBe(409);
      expect(message(download)).toContain(`Job ${job.id}'s last export failed`);
    } finally {
      await pairs.set({ memory_id: world.ca }).where('trglang', '=', 'ca').execute();
    }
    expect(Object.keys(await exportNow('memory'))).toHaveLength(2);
  });

  it('refuses a bad type, and answers 400 in words', async () => {
    const response = await api.get(`/v2/jobs/${job.id}/export?type=pdf`);
    expect(response.statusCode).toBe(400);
    expect(message(response)).toContain('type');
  });
});

describe('a job still being created', () => {
  it('cannot be deleted, exported or delivered (409), and nothing changes', async () => {
    const paused = await createTestApp({ mt: null, work: { paused: true } });
    try {
      const pausedApi = apiClient(paused.app);
      const created = await pausedApi.post(
        '/v2/jobs',
        jobBody(await jobWorld(paused.app, paused.key, false)),
      );
      expect(created.statusCode, created.body).toBe(200);
      const pending = created.json<Job>();
      expect(pending).toMatchObject({ creationStatus: 'PENDING', stats: { numProjects: 0 } });
      const id = pending.id;
      for (const [response, what] of [
        [await pausedApi.delete(`/v2/jobs/${id}`), 'delete it'],
        [await pausedApi.post(`/v2/jobs/${id}/deliver`), 'deliver it'],
      ] as const) {
        expect(response.statusCode).toBe(409);
        expect(message(response)).toBe(
          `Job ${id} is still being created: ${what} once its creation has ended`,
        );
      }
      const exported = await pausedApi.get(`/v2/jobs/${id}/export?type=files`);
      expect(exported.statusCode).toBe(409);
      expect((await pausedApi.get(`/v2/jobs/${id}`)).json<Job>().creationStatus).toBe('PENDING');

      // A project's own job is complete at once: its export waits in the paused queue.
      const memory = await pausedApi.post('/v2/memories', {
        name: 'M',
        srclang: 'en',
        trglang: 'es',
      });
      const project = await pausedApi.post('/v2/projects', {
        name: 'Solo',
        memory_id: memory.json<{ id: number }>().id,
      });
      const soloId = project.json<{ job_id: number }>().job_id;
      expect((await pausedApi.get(`/v2/jobs/${soloId}/export?type=memory`)).statusCode).toBe(200);
      expect((await pausedApi.get(`/v2/jobs/${soloId}`)).json<Job>().isProcessing).toBe(1);
      const twice = await pausedApi.get(`/v2/jobs/${soloId}/export?type=files`);
      expect(twice.statusCode).toBe(409);
      expect(message(twice)).toBe(
        `An export of job ${soloId} is running: wait until isProcessing is 0`,
      );
      const early = await pausedApi.get(`/v2/jobs/${soloId}/download`);
      expect(early.statusCode).toBe(409);
      expect(message(early)).toBe(
        `Job ${soloId}'s export is still running: download once isProcessing is 0`,
      );
    } finally {
      await paused.close();
    }
  });
});
