import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/projects';
import { createProject, getDocument, saveTarget, uploadDocument } from '../documents/test-support';
import { apiClient, createTestApp, type TestApp } from '../test-support';

// Issue 14: boards and document lists show confirmed words out of all words.
let t: TestApp;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  api = apiClient(t.app);
});
afterAll(() => t.close());

/** Three segments of 2, 3 and 1 words (a number counts as a word). */
const TEXT = 'Open files.\n\nSave them now.\n\n42\n';

async function listed(projectId: number): Promise<Project> {
  const response = await api.get(`/v2/projects?id=${projectId}`);
  expect(response.statusCode, response.body).toBe(200);
  const [project] = response.json<Project[]>();
  if (!project) throw new Error(`project ${projectId} not listed`);
  return project;
}

const progress = (of: {
  segments_total: number;
  segments_confirmed: number;
  words_total: number;
  words_confirmed: number;
}) => [of.segments_confirmed, of.segments_total, of.words_confirmed, of.words_total];

describe('progress of documents and projects', () => {
  it('counts nothing for a project without documents', async () => {
    const project = await createProject(t.app);
    expect(progress(project)).toEqual([0, 0, 0, 0]);
    expect(progress(await listed(project.id))).toEqual([0, 0, 0, 0]);
  });

  it('sums confirmed words and segments per document and per project', async () => {
    const project = await createProject(t.app);
    const first = await uploadDocument(t.app, project.id, 'a.txt', TEXT);
    const second = await uploadDocument(t.app, project.id, 'b.txt', 'One two three four.\n');
    expect(first.segments.map((segment) => segment.word_count)).toEqual([2, 3, 1]);
    expect(progress(first)).toEqual([0, 3, 0, 6]);

    await saveTarget(t.app, { id: first.segments[1]!.id, target: 'Guárdalos ya.' });
    // A draft (not confirmed) counts in the totals only.
    await saveTarget(t.app, { id: first.segments[0]!.id, target: 'Abre', is_confirmed: false });
    await saveTarget(t.app, { id: second.segments[0]!.id, target: 'Uno dos tres cuatro.' });

    expect(progress(await getDocument(t.app, first.id))).toEqual([1, 3, 3, 6]);
    const project1 = await listed(project.id);
    expect(project1.document.map(progress)).toEqual([
      [1, 3, 3, 6],
      [1, 1, 4, 4],
    ]);
    expect(progress(project1)).toEqual([2, 4, 7, 10]);

    // The answer of the project list is cached per data version: a confirmation moves it.
    await saveTarget(t.app, { id: first.segments[2]!.id, target: '42' });
    expect(progress(await listed(project.id))).toEqual([3, 4, 8, 10]);
    await saveTarget(t.app, { id: first.segments[2]!.id, target: '42', is_confirmed: false });
    expect(progress(await listed(project.id))).toEqual([2, 4, 7, 10]);
  });

  it('answers the same progress from the project, the list and a page of many projects', async () => {
    const projects: Project[] = [];
    for (let i = 0; i < 3; i += 1) {
      const project = await createProject(t.app);
      const document = await uploadDocument(t.app, project.id, `p${i}.txt`, TEXT);
      for (const segment of document.segments.slice(0, i)) {
        await saveTarget(t.app, { id: segment.id, target: 'Hecho.' });
      }
      projects.push(project);
    }
    const response = await api.get(`/v2/projects?id=${projects.map((p) => p.id).join(',')}`);
    const list = response.json<Project[]>();
    expect(list.map(progress)).toEqual([
      [0, 3, 0, 6],
      [1, 3, 2, 6],
      [2, 3, 5, 6],
    ]);
    // PUT answers the project as GET does.
    const renamed = await api.put('/v2/projects', { id: projects[2]!.id, name: 'Renamed' });
    expect(progress(renamed.json<Project>())).toEqual([2, 3, 5, 6]);
  });
});
