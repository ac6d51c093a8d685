import { afterAll, beforeAll, expect } from 'vitest';
import type { Project } from '../../shared/api/projects';
import { auth } from '../memories/test-support';
import { createOtherOrganization, createTestApp, TEST_KEY, type TestApp } from '../test-support';
import { createProject, documentTables, uploadDocument } from '../documents/test-support';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The setup the /v2/segments test files share: an app without MT, a project in the test
 * organization and a second organization whose key must see none of it. Call at the top of a test
 * file; `t`, `project` and `other` are set before its tests run.
 */
export function useSegmentsApp() {
  let t!: TestApp;
  let project!: Project;
  let other!: { key: string };

  beforeAll(async () => {
    t = await createTestApp({ mt: null });
    project = await createProject(t.app);
    other = await createOtherOrganization(t.storage);
  });
  afterAll(() => t.close());

  const send = (method: Method, url: string, payload?: object, key = TEST_KEY) =>
    t.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });

  return {
    get t() {
      return t;
    },
    get project() {
      return project;
    },
    get other() {
      return other;
    },
    send,

    /** The memory's units, oldest first. */
    units: (memoryId: number) =>
      t.storage.db
        .selectFrom('memory_units')
        .select(['id', 'source', 'target', 'prev_source', 'next_source', 'context_key', 'origin'])
        .where('memory_id', '=', memoryId)
        .orderBy('id')
        .execute(),

    /** Refused with `status` and `message`; nothing was written. */
    async expectRefused(
      request: () => ReturnType<typeof send>,
      status: number,
      message: string | RegExp,
    ) {
      const before = await documentTables(t.storage.db);
      const response = await request();
      expect(response.statusCode, response.body).toBe(status);
      expect((response.json() as { message: string }).message).toMatch(message);
      expect(await documentTables(t.storage.db)).toEqual(before);
    },

    newDocument: (text = 'Open the file. Save it now. Close the window.') =>
      uploadDocument(t.app, project.id, 'doc.txt', text),
  };
}
