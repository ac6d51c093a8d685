import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DocumentWithSegments } from '../../shared/api/documents';
import type { Project } from '../../shared/api/projects';
import type { Segment } from '../../shared/api/segments';
import { auth, createMemory } from '../memories/test-support';
import { createOrganization, createUser } from '../db/organizations';
import type { Queryable, Storage } from '../db/storage';
import type { ProjectRef } from './document-queries';
import { rowsById, TEST_KEY } from '../test-support';

/** A memory and a project on it; languages default to en -> es. */
export async function createProject(
  app: FastifyInstance,
  languages: { srclang?: string; trglang?: string } = {},
  key = TEST_KEY,
): Promise<Project> {
  const memory = await createMemory(app, languages, key);
  const response = await app.inject({
    method: 'POST',
    url: '/v2/projects',
    headers: auth(key),
    payload: { name: 'Help', memory_id: memory.id },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** `POST /v2/documents/files` with individual headers (strings) and the raw body. */
export function postDocument(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: string | Uint8Array,
  key = TEST_KEY,
) {
  return app.inject({
    method: 'POST',
    url: '/v2/documents/files',
    headers: { ...auth(key), 'content-type': 'application/octet-stream', ...headers },
    payload: typeof body === 'string' ? body : Buffer.from(body),
  });
}

/** Uploads a document and expects it imported. */
export async function uploadDocument(
  app: FastifyInstance,
  projectId: number,
  name: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): Promise<DocumentWithSegments> {
  const response = await postDocument(
    app,
    { name, project_id: String(projectId), ...headers },
    body,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function getDocument(
  app: FastifyInstance,
  id: number,
  key = TEST_KEY,
): Promise<DocumentWithSegments> {
  const response = await app.inject({ url: `/v2/documents?id=${id}`, headers: auth(key) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** `PUT /v2/segments` and expects success. */
export async function saveTarget(
  app: FastifyInstance,
  body: { id: number; target: string; is_confirmed?: boolean; match_score?: number | null },
): Promise<Segment> {
  const response = await app.inject({
    method: 'PUT',
    url: '/v2/segments',
    headers: auth(TEST_KEY),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export function download(app: FastifyInstance, id: number, isXliff?: boolean, key = TEST_KEY) {
  const flag = isXliff === undefined ? '' : `&is_xliff=${isXliff}`;
  return app.inject({ url: `/v2/documents/files?id=${id}${flag}`, headers: auth(key) });
}

/** Every row of the tables a document import or a segment change writes, in a fixed order. */
export async function documentTables(db: Queryable): Promise<Record<string, unknown[]>> {
  const all = await rowsById(db, ['documents', 'segments', 'memory_units', 'work_items']);
  all.document_skeleton_parts = await db
    .selectFrom('document_skeleton_parts')
    .selectAll()
    .orderBy('document_id')
    .orderBy('part')
    .execute();
  return all;
}

/** An organization with a user, and a project on a memory of its own (en -> es), in the tables. */
export function seedProject(storage: Storage, name: string) {
  return storage.transaction(async (tx) => {
    const orgId = await createOrganization(tx, name);
    const userId = await createUser(tx, orgId, `${name} user`);
    const memory = await tx
      .insertInto('memories')
      .values({ org_id: orgId, name, srclang: 'en', trglang: 'es', created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const project: ProjectRef = await tx
      .insertInto('projects')
      .values({
        org_id: orgId,
        memory_id: memory.id,
        name,
        srclang: 'en',
        trglang: 'es',
        created_at: 0,
        updated_at: 0,
      })
      .returning(['id', 'memory_id', 'srclang', 'trglang'])
      .executeTakeFirstOrThrow();
    return { orgId, userId, project };
  });
}
