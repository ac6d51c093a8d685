import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Job, JobCreateParameters } from '../../shared/api/jobs';
import { uploadFile } from '../file-translation/test-support';
import { createMemory, postImport } from '../memories/test-support';
import { apiClient, TEST_KEY } from '../test-support';

/** Three small files of different formats, as a job's sources. */
export const SOURCES = {
  'guide.txt': 'Open the menu.\n\nChoose a folder.\n',
  'strings.json': JSON.stringify({ greeting: 'Hello world.', bye: 'Goodbye.' }),
  'notes.po':
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n' +
    'msgid "Save the file."\nmsgstr ""\n',
} as const;

/** A memory of the key's organization with one unit (imported as CSV), or `null`: none. */
async function memoryWith(
  app: FastifyInstance,
  key: string,
  trglang: string,
  unit: [string, string] | null,
): Promise<number> {
  const memory = await createMemory(app, { name: `en-${trglang}`, srclang: 'en', trglang }, key);
  if (!unit) return memory.id;
  const csv = `en,${trglang}\n"${unit[0]}","${unit[1]}"\n`;
  const imported = await postImport(app, { memory_id: String(memory.id), name: 'u.csv' }, csv, key);
  expect(imported.statusCode, imported.body).toBe(200);
  await app.work.idle();
  return memory.id;
}

/**
 * An organization's memories (en to es, en to ca, with a unit each unless `withUnits` is false:
 * importing needs the work queue) and uploaded files.
 */
export async function jobWorld(app: FastifyInstance, key = TEST_KEY, withUnits = true) {
  const es = await memoryWith(
    app,
    key,
    'es',
    withUnits ? ['Open the menu.', 'Abra el menú.'] : null,
  );
  const ca = await memoryWith(
    app,
    key,
    'ca',
    withUnits ? ['Open the menu.', 'Obriu el menú.'] : null,
  );
  const files: number[] = [];
  for (const [name, body] of Object.entries(SOURCES)) {
    files.push((await uploadFile(app, name, body, key)).id);
  }
  return { es, ca, files };
}

/** A job body of the world's files into Spanish and Catalan. */
export function jobBody(
  world: Awaited<ReturnType<typeof jobWorld>>,
  extra: Partial<JobCreateParameters> = {},
): JobCreateParameters {
  return {
    name: 'Spring release',
    srcLang: 'en',
    srcLocale: 'US',
    fileIds: world.files,
    languagePairs: [
      { trgLang: 'es', memoryId: world.es },
      { trgLang: 'ca', memoryId: world.ca },
    ],
    ...extra,
  };
}

/** Creates the job and waits for its background creation; answers it as GET then shows it. */
export async function createJobNow(
  app: FastifyInstance,
  body: JobCreateParameters,
  key = TEST_KEY,
): Promise<Job> {
  const api = apiClient(app, key);
  const created = await api.post('/v2/jobs', body);
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json<Job>().creationStatus).toBe('PENDING');
  await app.work.idle();
  const job = await api.get(`/v2/jobs/${created.json<Job>().id}`);
  expect(job.statusCode, job.body).toBe(200);
  return job.json();
}
