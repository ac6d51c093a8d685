import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Comment } from '../../shared/api/comments';
import { defaultUser } from '../db/bootstrap';
import type { Storage } from '../db/storage';
import { createKey } from '../db/keys';
import { createUser } from '../db/organizations';
import { apiClient, rowsById, TEST_KEY } from '../test-support';

/** Another user of the bootstrap organization, with a key of their own. */
export async function createColleague(storage: Storage, key = 'wb_colleague-key-0123456789') {
  const owner = await defaultUser(storage.db);
  if (!owner) throw new Error('The test database has no bootstrap user');
  const userId = await createUser(storage.db, owner.orgId, 'Reviewer');
  await createKey(storage.db, userId, key);
  return { userId, key };
}

/** Every row of the tables a comment request could write. */
export function commentTables(storage: Storage): Promise<Record<string, unknown[]>> {
  return rowsById(storage.db, ['comments', 'segments', 'documents']);
}

/** `POST /2/comments` and expects 201. */
export async function addComment(
  app: FastifyInstance,
  place: { documentId: number; segmentId: number },
  body: object,
  key = TEST_KEY,
): Promise<Comment> {
  const url = `/2/comments?document_id=${place.documentId}&segment_id=${place.segmentId}`;
  const response = await apiClient(app, key).post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
