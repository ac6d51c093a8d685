import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SourceFile } from '../../shared/api/files';
import type { Queryable } from '../db/storage';

/** A memory and a project of `orgId`, straight in the tables; returns the project id. */
export async function insertProject(db: Queryable, orgId: number): Promise<number> {
  const memory = await db
    .insertInto('memories')
    .values({
      org_id: orgId,
      name: 'M',
      srclang: 'en',
      trglang: 'es',
      created_at: 0,
      updated_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({
      org_id: orgId,
      memory_id: memory.id,
      name: 'P',
      srclang: 'en',
      trglang: 'es',
      created_at: 0,
      updated_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return project.id;
}

/** `POST /v2/files` with the given bytes and query. */
export async function upload(
  app: FastifyInstance,
  key: string,
  body: string | Buffer,
  query: Record<string, string>,
  headers: Record<string, string> = { 'content-type': 'application/octet-stream' },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/v2/files',
    query,
    headers: { key, ...headers },
    payload: body,
  });
  return { response, file: response.json() as SourceFile };
}

/** Every file under `dir` (recursively), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/** Polls `GET /v2/files?id=` until detection has recorded an outcome. */
export async function waitForDetection(
  app: FastifyInstance,
  key: string,
  id: number,
): Promise<SourceFile> {
  // No deadline: the test's timeout is the hang guard (vitest.config.ts).
  for (;;) {
    const response = await app.inject({ url: `/v2/files?id=${id}`, headers: { key } });
    const [file] = response.json() as SourceFile[];
    if (file && !file.is_detecting) return file;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
