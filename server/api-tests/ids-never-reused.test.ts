import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { addComment } from '../comments/test-support';
import { createProject, uploadDocument } from '../documents/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A project with a one-segment document and a comment on its segment. */
async function projectWithComment() {
  const project = await createProject(t.app);
  const document = await uploadDocument(t.app, project.id, 'a.txt', 'Hello world.');
  const segment = document.segments[0]!;
  const comment = await addComment(
    t.app,
    { documentId: document.id, segmentId: segment.id },
    { text: 'Is this right?' },
  );
  return {
    memory: project.memory_id,
    project: project.id,
    document: document.id,
    segment: segment.id,
    comment: comment.id,
  };
}

describe('ids after a delete', () => {
  it('never hands out a deleted project, document, segment, comment or memory id again', async () => {
    const api = apiClient(t.app);
    const first = await projectWithComment();
    expect((await api.delete(`/v2/projects?id=${first.project}`)).statusCode).toBe(200);
    expect((await api.delete(`/v2/memories?id=${first.memory}`)).statusCode).toBe(200);

    const second = await projectWithComment();
    for (const kind of Object.keys(first) as (keyof typeof first)[]) {
      expect(second[kind], kind).toBeGreaterThan(first[kind]);
    }
    // A client holding an old id reaches nothing.
    expect((await api.get(`/v2/documents?id=${first.document}`)).statusCode).toBe(404);
    expect((await api.get(`/v2/projects?id=${first.project}`)).json()).toEqual([]);
  });
});
