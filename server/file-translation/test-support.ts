import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TranslationInfo } from '../../shared/api/file-translation';
import type { SourceFile } from '../../shared/api/files';
import type { Storage } from '../db/storage';
import { createMemory, importFile } from '../memories/test-support';
import { basic, TEST_KEY } from '../test-support';
import type { NewTranslation } from './translation-row';

const headers = (key: string) => ({ authorization: basic(key) });

/** A memory of `pairs` (source, target), imported as CSV. */
export async function memoryOf(
  app: FastifyInstance,
  pairs: Array<[string, string]>,
  languages: { srclang: string; trglang: string } = { srclang: 'en', trglang: 'es' },
): Promise<number> {
  const memory = await createMemory(app, languages);
  if (pairs.length > 0) {
    const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
    const header = `${languages.srclang},${languages.trglang}`;
    const csv = [header, ...pairs.map(([s, t]) => `${quote(s)},${quote(t)}`)].join('\n');
    await importFile(app, memory.id, 'units.csv', csv);
  }
  return memory.id;
}

/** `POST /v2/files`. */
export async function uploadFile(
  app: FastifyInstance,
  name: string,
  body: string | Uint8Array,
  key = TEST_KEY,
  query = '',
): Promise<SourceFile> {
  const response = await app.inject({
    method: 'POST',
    url: `/v2/files?name=${encodeURIComponent(name)}${query}`,
    headers: { ...headers(key), 'content-type': 'application/octet-stream' },
    payload: Buffer.from(body),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export function startTranslation(app: FastifyInstance, query: string, key = TEST_KEY) {
  return app.inject({ method: 'POST', url: `/v2/translate/file?${query}`, headers: headers(key) });
}

export function monitor(app: FastifyInstance, query: string, key = TEST_KEY) {
  return app.inject({ url: `/v2/translate/file?${query}`, headers: headers(key) });
}

export function downloadTranslation(app: FastifyInstance, id: number, key = TEST_KEY) {
  return app.inject({ url: `/v2/translate/files?id=${id}`, headers: headers(key) });
}

/** Starts one file's translation, waits for the work, and answers its final info. */
export async function translateNow(
  app: FastifyInstance,
  fileId: number,
  memoryId: number,
  extra = '',
): Promise<TranslationInfo> {
  const started = await startTranslation(app, `fileId=${fileId}&memoryId=${memoryId}${extra}`);
  expect(started.statusCode, started.body).toBe(200);
  const [info] = started.json() as TranslationInfo[];
  expect(info!.status).toBe('InProgress');
  await app.work.idle();
  const listed = await monitor(app, `translationIds=${info!.id}`);
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json() as TranslationInfo[])[0]!;
}

/** A new organization with a memory (en to es), straight in the database. */
export function seedOrganization(storage: Storage, name: string) {
  return storage.transaction(async (tx) => {
    const org = await tx
      .insertInto('organizations')
      .values({ name, created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const memory = await tx
      .insertInto('memories')
      .values({
        org_id: org.id,
        name: 'M',
        srclang: 'en',
        trglang: 'es',
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { orgId: org.id, memoryId: memory.id };
  });
}

/** A translation of file `fileId` (which need not exist) with MT alone, en to es. */
export const newTranslation = (
  orgId: number,
  fileId: number,
  memoryId: number,
): NewTranslation => ({
  orgId,
  userId: null,
  fileId,
  memoryId,
  withTm: false,
  tmThreshold: 75,
  fileName: `f${fileId}.txt`,
  translatedName: `f${fileId}.es.txt`,
  srclang: 'en',
  trglang: 'es',
});
