import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/api/jobs';
import { fileHandlers } from './files';
import { jobHandlers } from './jobs';
import { memoryHandlers } from './memories';
import { useRealServer } from './real-server-test-support';
import { createDispatcher, type Handlers } from './validated';
import { until } from '../../../server/until-test-support';

/** Reads the job until `done` says it has settled (its creation, or its export). */
async function settled(read: () => Promise<Job>, done: (job: Job) => boolean): Promise<Job> {
  let job!: Job;
  await until(async () => done((job = await read())), 'the job to settle');
  return job;
}

// The Jobs view's channels against the real embedded server: files in, a job into Spanish and
// Catalan, its analysis, delivery, the zip of its files, its life, and refusals in words.
describe('job channels against the real server', () => {
  const real = useRealServer('jobs');
  let handlers: ReturnType<typeof jobHandlers> &
    ReturnType<typeof fileHandlers> &
    ReturnType<typeof memoryHandlers>;
  beforeAll(() => {
    const { gateway, uploads } = real;
    handlers = {
      ...jobHandlers({ gateway }),
      ...fileHandlers({ gateway, uploads }),
      ...memoryHandlers({ gateway, uploads }),
    };
  });

  async function upload(name: string, text: string) {
    const body = Readable.from([Buffer.from(text)]);
    return handlers['files:upload']({ uploadId: `job-${name.replace('.', '-')}`, name }, { body });
  }

  it('creates, analyses, delivers and downloads a job', async () => {
    const files = [
      await upload('guide.txt', 'Open the menu.\n\nChoose a folder.\n'),
      await upload('help.txt', 'Save the file. Open the menu.\n'),
    ];
    const es = await handlers['memories:create'](
      { name: 'en-es', srclang: 'en', trglang: 'es' },
      {},
    );
    const ca = await handlers['memories:create'](
      { name: 'en-ca', srclang: 'en', trglang: 'ca' },
      {},
    );
    const templates = await handlers['workflows:templates']({}, {});
    expect(templates.map((template) => template.name)).toContain('Translate only');

    const created = await handlers['jobs:create'](
      {
        name: 'Spring release',
        srcLang: 'en',
        srcLocale: 'US',
        fileIds: files.map((file) => file.id),
        languagePairs: [
          { trgLang: 'es', memoryId: es.id },
          { trgLang: 'ca', memoryId: ca.id },
        ],
        workflowTemplateId: templates[0]!.id,
      },
      {},
    );
    expect(created.creationStatus).toBe('PENDING');
    const job = await settled(
      () => handlers['jobs:get']({ id: created.id }, {}),
      (read) => read.creationStatus !== 'PENDING',
    );
    expect(job.creationStatus).toBe('COMPLETE');
    expect(job.stats.projects.map((project) => project.trgLang)).toEqual(['es', 'ca']);
    const listed = await handlers['jobs:list']({ isArchived: false }, {});
    expect(listed.map((read) => read.id)).toContain(job.id);

    const stats = await handlers['jobs:stats']({ id: job.id }, {});
    expect(stats.bands.languages.map((language) => language.trgLang)).toEqual(['es', 'ca']);
    expect(stats.sourceWords).toBeGreaterThan(0);
    expect(stats.bands.languages[0]!.bands.map((band) => band.band)).toContain('repetition');

    const renamed = await handlers['jobs:update']({ id: job.id, name: 'Spring 2027' }, {});
    expect(renamed.name).toBe('Spring 2027');
    const delivered = await handlers['jobs:deliver']({ id: job.id }, {});
    expect(delivered.status).toBe('delivered');
    expect(delivered.stats.projects.every((project) => project.state === 'done')).toBe(true);

    await handlers['jobs:export']({ id: job.id, type: 'files' }, {});
    const exported = await settled(
      () => handlers['jobs:get']({ id: job.id }, {}),
      (read) => read.isProcessing !== 1,
    );
    expect(exported.isProcessing).toBe(0);
    let zip = new Uint8Array();
    const result = await handlers['jobs:download'](
      { id: job.id },
      {
        async deliver({ name, body }) {
          expect(name).toBe('Spring 2027.zip');
          zip = new Uint8Array(await buffer(body));
          return { delivered: true };
        },
      },
    );
    expect(result).toEqual({ delivered: true });
    expect(Object.keys(unzipSync(zip)).sort()).toEqual([
      'ca/guide.txt',
      'ca/help.txt',
      'es/guide.txt',
      'es/help.txt',
    ]);

    expect((await handlers['jobs:reactivate']({ id: job.id }, {})).status).toBe('active');
    expect((await handlers['jobs:archive']({ id: job.id }, {})).status).toBe('archived');
    expect((await handlers['jobs:unarchive']({ id: job.id }, {})).status).toBe('active');
    await expect(handlers['jobs:delete']({ id: job.id }, {})).resolves.toEqual({ id: job.id });
    await expect(handlers['jobs:get']({ id: job.id }, {})).rejects.toMatchObject({ status: 404 });
  });

  it('says why in words: unknown jobs, bad input, no key fields', async () => {
    const dispatch = createDispatcher({ ...handlers } as unknown as Handlers);
    const missing = await dispatch('jobs:deliver', { id: 999_999 });
    expect(missing).toMatchObject({ ok: false, error: { status: 404 } });
    const noPairs = await dispatch('jobs:create', {
      name: 'Empty',
      srcLang: 'en',
      srcLocale: 'US',
      fileIds: [1],
      languagePairs: [],
    });
    expect(noPairs).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const extra = await dispatch('jobs:update', { id: 1, isProcessing: 1 });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const badType = await dispatch('jobs:export', { id: 1, type: 'pdf' });
    expect(badType).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});
