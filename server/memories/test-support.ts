import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Memory } from '../../shared/api/memories';
import type { TranslationMemoryEntry } from '../../shared/api/tm';
import { TEST_KEY } from '../test-support';
import { createTmIndex, restoreInlineCodes } from '../tm';
import type { TmEngine } from './registry';

/** The real engine (server/tm/), as the app uses it; tests may wrap it. */
export const testEngine: TmEngine = { createTmIndex, restoreInlineCodes };

export const fixture = (name: string): Buffer =>
  readFileSync(new URL(`../formats/fixtures/${name}`, import.meta.url));

const auth = (key: string) => ({
  authorization: `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`,
});

export async function createMemory(
  app: FastifyInstance,
  body: Partial<{ name: string; srclang: string; trglang: string; srclocale: string }> = {},
  key = TEST_KEY,
): Promise<Memory> {
  const response = await app.inject({
    method: 'POST',
    url: '/v2/memories',
    headers: auth(key),
    payload: { name: 'Help en-es', srclang: 'en', trglang: 'es', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** `POST /v2/memories/import` with individual headers (strings) and the raw body. */
export function postImport(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: string | Buffer,
  key = TEST_KEY,
) {
  return app.inject({
    method: 'POST',
    url: '/v2/memories/import',
    headers: { ...auth(key), 'content-type': 'application/octet-stream', ...headers },
    payload: body,
  });
}

export async function getMemory(app: FastifyInstance, id: number, key = TEST_KEY): Promise<Memory> {
  const response = await app.inject({ url: `/v2/memories?id=${id}`, headers: auth(key) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Memory[])[0] as Memory;
}

/** Imports a file and waits until the memory is no longer processing. */
export async function importFile(
  app: FastifyInstance,
  memoryId: number,
  name: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Memory> {
  const response = await postImport(app, { memory_id: String(memoryId), name, ...headers }, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ id: memoryId, isProcessing: 1 });
  await app.work.idle();
  const memory = await getMemory(app, memoryId);
  expect(memory.is_processing).toBe(false);
  return memory;
}

export async function query(
  app: FastifyInstance,
  memoryId: number,
  text: string,
  extra = '',
  key = TEST_KEY,
): Promise<TranslationMemoryEntry[]> {
  const response = await app.inject({
    url: `/v2/memories/query?id=${memoryId}&query=${encodeURIComponent(text)}${extra}`,
    headers: auth(key),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export { auth };
