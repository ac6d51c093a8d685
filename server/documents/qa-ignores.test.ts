import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../../shared/api/documents';
import type { Project } from '../../shared/api/projects';
import type { QaIgnore } from '../../shared/api/qa';
import { createColleague } from '../comments/test-support';
import {
  apiClient,
  createOtherOrganization,
  createTestApp,
  rowsById,
  type TestApp,
} from '../test-support';
import { createProject, uploadDocument } from './test-support';

// Ignored QA warnings (our extension): one per segment and check, kept with the target they were
// ignored on, seen by everyone in the organization and by no one else. Runs on both backends.
let t: TestApp;
let project: Project;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  project = await createProject(t.app);
  api = apiClient(t.app);
});
afterAll(() => t.close());

const newDocument = (): Promise<DocumentWithSegments> =>
  uploadDocument(t.app, project.id, 'doc.txt', 'Pay 1,000 euros.\n\nOpen the file.\n');

const place = (document: DocumentWithSegments, n = 0) =>
  `document_id=${document.id}&segment_id=${document.segments[n]!.id}`;

async function ignore(document: DocumentWithSegments, body: object, n = 0, client = api) {
  const response = await client.post(`/v2/documents/qa-ignores?${place(document, n)}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as QaIgnore;
}

const list = async (document: DocumentWithSegments, client = api) => {
  const response = await client.get(`/v2/documents/qa-ignores?document_id=${document.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as QaIgnore[];
};

describe('/v2/documents/qa-ignores', () => {
  it('remembers an ignore with its target and author, and lists it', async () => {
    const document = await newDocument();
    const created = await ignore(document, { check: 'number-missing', target: 'Pague 1.000,5.' });
    expect(created).toEqual({
      id: expect.any(Number),
      document_id: document.id,
      segment_id: document.segments[0]!.id,
      check: 'number-missing',
      target: 'Pague 1.000,5.',
      user_name: 'Owner',
      created_at: expect.any(Number),
    });
    expect(await list(document)).toEqual([created]);
  });

  it('keeps one ignore per segment and check: a second one moves it to the new target', async () => {
    const document = await newDocument();
    await ignore(document, { check: 'ending', target: 'first' }, 1);
    await ignore(document, { check: 'number-extra', target: 'first' }, 1);
    const moved = await ignore(document, { check: 'ending', target: 'second' }, 1);
    const ignores = await list(document);
    expect(ignores.map((i) => [i.check, i.target])).toEqual([
      ['ending', 'second'],
      ['number-extra', 'first'],
    ]);
    expect(ignores[0]?.id).toBe(moved.id);
  });

  it('shows a warning again on DELETE, and says when there was nothing to delete', async () => {
    const document = await newDocument();
    await ignore(document, { check: 'double-space', target: 'a  b' });
    const url = `/v2/documents/qa-ignores?${place(document)}&check=double-space`;
    expect((await api.delete(url)).json()).toEqual({ deleted: true });
    expect((await api.delete(url)).json()).toEqual({ deleted: false });
    expect(await list(document)).toEqual([]);
  });

  it('is shared by colleagues of the organization', async () => {
    const document = await newDocument();
    const colleague = apiClient(t.app, (await createColleague(t.storage)).key);
    await ignore(document, { check: 'ending', target: 'x' }, 0, colleague);
    expect((await list(document)).map((i) => i.user_name)).toEqual(['Reviewer']);
  });

  it('refuses unknown checks and bad ids (400), foreign or unknown places (404), writing nothing', async () => {
    const document = await newDocument();
    const other = await createOtherOrganization(t.storage, 'wb_qa-other-key-0123456789');
    const stranger = apiClient(t.app, other.key);
    const before = await rowsById(t.storage.db, ['qa_ignores']);
    const cases: [Promise<{ statusCode: number; body: string }>, number, string?][] = [
      [
        api.post(`/v2/documents/qa-ignores?${place(document)}`, { check: 'spelling', target: 'x' }),
        400,
      ],
      [api.post(`/v2/documents/qa-ignores?${place(document)}`, { check: 'ending' }), 400],
      [api.get('/v2/documents/qa-ignores?document_id=abc'), 400],
      [
        stranger.post(`/v2/documents/qa-ignores?${place(document)}`, {
          check: 'ending',
          target: 'x',
        }),
        404,
        `Document ${document.id} not found`,
      ],
      [stranger.get(`/v2/documents/qa-ignores?document_id=${document.id}`), 404],
      [
        api.post(`/v2/documents/qa-ignores?document_id=${document.id}&segment_id=999999`, {
          check: 'ending',
          target: 'x',
        }),
        404,
        `Segment 999999 not found in document ${document.id}`,
      ],
      [stranger.delete(`/v2/documents/qa-ignores?${place(document)}&check=ending`), 404],
    ];
    for (const [request, status, message] of cases) {
      const response = await request;
      expect(response.statusCode, response.body).toBe(status);
      if (message) expect(JSON.parse(response.body)).toEqual({ message });
    }
    expect(await rowsById(t.storage.db, ['qa_ignores'])).toEqual(before);
  });

  it('goes with its document', async () => {
    const document = await newDocument();
    await ignore(document, { check: 'ending', target: 'x' });
    expect((await api.delete(`/v2/documents?id=${document.id}`)).statusCode).toBe(200);
    const left = await t.storage.db
      .selectFrom('qa_ignores')
      .select('id')
      .where('document_id', '=', document.id)
      .execute();
    expect(left).toEqual([]);
  });
});
