import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, DocumentComments } from '../../shared/api/comments';
import type { DocumentWithSegments } from '../../shared/api/documents';
import type { Project } from '../../shared/api/projects';
import { apiClient, createTestApp, type TestApp } from '../test-support';
import { addComment, commentTables, createColleague } from './test-support';
import { createProject, saveTarget, uploadDocument } from '../documents/test-support';

let t: TestApp;
let project: Project;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  project = await createProject(t.app);
  api = apiClient(t.app);
});
afterAll(() => t.close());

async function newDocument(): Promise<DocumentWithSegments> {
  return uploadDocument(t.app, project.id, 'doc.txt', 'Open the file. Save it now. Close it.');
}

/** The place of the document's `n`th segment. */
const placeOf = (document: DocumentWithSegments, n = 0) => ({
  documentId: document.id,
  segmentId: document.segments[n]!.id,
});

const postUrl = (place: { documentId: number; segmentId: number }) =>
  `/2/comments?document_id=${place.documentId}&segment_id=${place.segmentId}`;

/** Refused with `status` and a message matching `message`; nothing was written. */
async function expectRefused(
  request: () => ReturnType<typeof api.get>,
  status: number,
  message: string | RegExp,
) {
  const before = await commentTables(t.storage);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  expect((response.json() as { message: string }).message).toMatch(message);
  expect(await commentTables(t.storage)).toEqual(before);
}

describe('POST /2/comments', () => {
  it('answers 201 with the comment, its author and the segment revision', async () => {
    const document = await newDocument();
    const place = placeOf(document, 1);
    const comment = await addComment(t.app, place, {
      text: 'Is "it" the file?',
      annotations: [{ text: 'it', extra: 'dropped' }],
      isResolved: 'false',
    });
    expect(comment).toEqual({
      id: expect.any(Number),
      text: 'Is "it" the file?',
      annotations: [{ text: 'it' }],
      is_resolved: false,
      document_id: document.id,
      segment_id: place.segmentId,
      segment_revision_id: 1,
      user_id: expect.any(Number),
      created_at: expect.any(Number),
      updated_at: comment.created_at,
      user_name: 'Owner',
      is_mine: true,
    });
  });

  it('takes isResolved as "true", "false", true or false, and nothing else', async () => {
    const place = placeOf(await newDocument());
    const flags = ['true', 'false', true, false] as const;
    const resolved = [];
    for (const isResolved of flags) {
      resolved.push((await addComment(t.app, place, { text: 'x', isResolved })).is_resolved);
    }
    expect(resolved).toEqual([true, false, true, false]);
    for (const isResolved of ['yes', 1, 'TRUE', null]) {
      await expectRefused(
        () => api.post(postUrl(place), { text: 'x', isResolved }),
        400,
        'body field isResolved: must be boolean or one of true, false',
      );
    }
  });

  it('refuses missing, blank and too long text, and too many annotations', async () => {
    const place = placeOf(await newDocument());
    const url = postUrl(place);
    await expectRefused(() => api.post(url, {}), 400, 'text: is required');
    await expectRefused(() => api.post(url, { text: '' }), 400, 'text: must not be blank');
    await expectRefused(() => api.post(url, { text: ' \n\t ' }), 400, 'text: must not be blank');
    await expectRefused(() => api.post(url, { text: 'a'.repeat(10_001) }), 400, /text.*10000/);
    const annotations = Array.from({ length: 21 }, () => ({ text: 'a' }));
    await expectRefused(() => api.post(url, { text: 'x', annotations }), 400, /annotations.*20/);
    await expectRefused(() => api.post(url, { text: 5 }), 400, /text: must be string/);
    await expectRefused(
      () => api.post(`/2/comments?document_id=${place.documentId}`, { text: 'x' }),
      400,
      /segment_id/,
    );
    const longest = await addComment(t.app, place, { text: 'a'.repeat(10_000) });
    expect(longest.text).toHaveLength(10_000);
  });

  it('answers 404 for an unknown document and a segment that is not in it', async () => {
    const document = await newDocument();
    const elsewhere = placeOf(await newDocument());
    const body = { text: 'x' };
    await expectRefused(
      () => api.post(postUrl({ documentId: 999_999, segmentId: elsewhere.segmentId }), body),
      404,
      'Document 999999 not found',
    );
    const wrong = { documentId: document.id, segmentId: elsewhere.segmentId };
    await expectRefused(
      () => api.post(postUrl(wrong), body),
      404,
      `Segment ${elsewhere.segmentId} not found in document ${document.id}`,
    );
  });

  it('records the revision: a comment after a new target carries the next one', async () => {
    const place = placeOf(await newDocument());
    expect((await addComment(t.app, place, { text: 'before' })).segment_revision_id).toBe(1);
    const saved = await saveTarget(t.app, { id: place.segmentId, target: 'Abra el archivo.' });
    expect(saved.revision).toBe(2);
    expect((await addComment(t.app, place, { text: 'after' })).segment_revision_id).toBe(2);
    // The same target and confirmation again is not a new revision; a draft of it is.
    await saveTarget(t.app, { id: place.segmentId, target: 'Abra el archivo.' });
    expect((await addComment(t.app, place, { text: 'same' })).segment_revision_id).toBe(2);
    await saveTarget(t.app, {
      id: place.segmentId,
      target: 'Abra el archivo.',
      is_confirmed: false,
    });
    expect((await addComment(t.app, place, { text: 'draft' })).segment_revision_id).toBe(3);
  });
});

describe('segment revisions', () => {
  it('count pretranslation fills and targets given at creation', async () => {
    await t.app.tm.addUnit(project.memory_id, {
      source: 'Open the file.',
      target: 'Abra el archivo.',
      origin: 'test',
    });
    const text = 'Open the file. Zebras dance quietly.';
    const headers = { pretranslate: 'TM' };
    const document = await uploadDocument(t.app, project.id, 'tm.txt', text, headers);
    await t.app.work.idle();
    const [filled, empty] = [placeOf(document, 0), placeOf(document, 1)];
    expect((await addComment(t.app, filled, { text: 'tm' })).segment_revision_id).toBe(2);
    expect((await addComment(t.app, empty, { text: 'none' })).segment_revision_id).toBe(1);

    const created = await api.post('/v2/segments', {
      document_id: document.id,
      source: 'Save it.',
      target: 'Guárdelo.',
    });
    expect(created.statusCode, created.body).toBe(200);
    const appended = { documentId: document.id, segmentId: created.json().id };
    // Created with its target: that is its first revision, as for a segment read from a file.
    expect((await addComment(t.app, appended, { text: 'new' })).segment_revision_id).toBe(1);
  });
});

describe('GET /2/comments', () => {
  it('groups by segment id, oldest first, leaving out segments without comments', async () => {
    const document = await newDocument();
    const [first, second, third] = [0, 1, 2].map((n) => placeOf(document, n));
    const a = await addComment(t.app, third!, { text: 'a' });
    const b = await addComment(t.app, first!, { text: 'b' });
    const c = await addComment(t.app, third!, { text: 'c' });
    const response = await api.get(`/2/comments?document_id=${document.id}`);
    expect(response.statusCode).toBe(200);
    const grouped: DocumentComments = response.json();
    expect(grouped).toEqual({
      [String(first!.segmentId)]: [b],
      [String(third!.segmentId)]: [a, c],
    });
    expect(grouped[String(second!.segmentId)]).toBeUndefined();
  });

  it('answers {} for a document without comments and 404 for an unknown one', async () => {
    const document = await newDocument();
    expect((await api.get(`/2/comments?document_id=${document.id}`)).json()).toEqual({});
    await expectRefused(() => api.get('/2/comments?document_id=999999'), 404, 'Document 999999');
    await expectRefused(() => api.get('/2/comments'), 400, /document_id/);
  });
});

describe('PUT /2/comments', () => {
  const putUrl = (comment: Comment, documentId = comment.document_id) =>
    `/2/comments?comment_id=${comment.id}&document_id=${documentId}`;

  it('answers 201 and changes only the fields present', async () => {
    const place = placeOf(await newDocument());
    const comment = await addComment(t.app, place, { text: 'old', annotations: [{ text: 'q' }] });
    const edited = await api.put(putUrl(comment), { text: 'new' });
    expect(edited.statusCode, edited.body).toBe(201);
    expect(edited.json()).toEqual({ ...comment, text: 'new', updated_at: expect.any(Number) });
    const resolved = await api.put(putUrl(comment), { isResolved: 'true' });
    expect(resolved.json()).toMatchObject({ text: 'new', annotations: [{ text: 'q' }] });
    expect(resolved.json()).toMatchObject({ is_resolved: true });
    const reopened = await api.put(putUrl(comment), { isResolved: false, annotations: [] });
    expect(reopened.json()).toMatchObject({ text: 'new', annotations: [], is_resolved: false });
  });

  it('refuses an empty body, blank text, a bad flag and a comment of another document', async () => {
    const place = placeOf(await newDocument());
    const other = await newDocument();
    const comment = await addComment(t.app, place, { text: 'x' });
    const url = putUrl(comment);
    await expectRefused(() => api.put(url, {}), 400, /at least one of text, annotations/);
    await expectRefused(() => api.put(url, { text: '  ' }), 400, 'text: must not be blank');
    await expectRefused(() => api.put(url, { isResolved: 'no' }), 400, /isResolved/);
    await expectRefused(
      () => api.put(putUrl(comment, other.id), { text: 'y' }),
      404,
      `Comment ${comment.id} not found in document ${other.id}`,
    );
    const unknown = { ...comment, id: 999_999 };
    await expectRefused(() => api.put(putUrl(unknown), { text: 'y' }), 404, 'Comment 999999');
  });
});

describe('DELETE /2/comments', () => {
  it('answers 200 with the id, and the comment is gone', async () => {
    const place = placeOf(await newDocument());
    const [gone, kept] = [
      await addComment(t.app, place, { text: 'gone' }),
      await addComment(t.app, place, { text: 'kept' }),
    ];
    const response = await api.delete(`/2/comments?comment_id=${gone.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: gone.id });
    const all = await api.get(`/2/comments?document_id=${place.documentId}`);
    expect(all.json()).toEqual({ [String(place.segmentId)]: [kept] });
    await expectRefused(
      () => api.delete(`/2/comments?comment_id=${gone.id}`),
      404,
      `Comment ${gone.id} not found`,
    );
  });
});

describe('PUT /2/comments/thread', () => {
  const threadUrl = (place: { documentId: number; segmentId: number }) =>
    `/2/comments/thread?document_id=${place.documentId}&segment_id=${place.segmentId}`;

  it("resolves and reopens the segment's whole thread, answering it oldest first", async () => {
    const document = await newDocument();
    const place = placeOf(document, 0);
    const neighbour = placeOf(document, 1);
    const first = await addComment(t.app, place, { text: '1' });
    const second = await addComment(t.app, place, { text: '2', isResolved: true });
    const untouched = await addComment(t.app, neighbour, { text: 'n' });

    const resolved = await api.put(threadUrl(place), { isResolved: 'true' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const thread: Comment[] = resolved.json();
    expect(thread.map((c) => [c.id, c.is_resolved])).toEqual([
      [first.id, true],
      [second.id, true],
    ]);
    const reopened: Comment[] = (await api.put(threadUrl(place), { isResolved: false })).json();
    expect(reopened.map((c) => c.is_resolved)).toEqual([false, false]);
    const all: DocumentComments = (await api.get(`/2/comments?document_id=${document.id}`)).json();
    expect(all[String(neighbour.segmentId)]).toEqual([untouched]);
  });

  it('refuses a bad flag, an unknown document and a segment of another document', async () => {
    const place = placeOf(await newDocument());
    const elsewhere = placeOf(await newDocument());
    await addComment(t.app, place, { text: 'x' });
    await expectRefused(
      () => api.put(threadUrl(place), { isResolved: 'maybe' }),
      400,
      /isResolved/,
    );
    await expectRefused(() => api.put(threadUrl(place), {}), 400, /isResolved: is required/);
    const unknown = { ...place, documentId: 999_999 };
    await expectRefused(() => api.put(threadUrl(unknown), { isResolved: true }), 404, 'Document');
    const wrong = { documentId: place.documentId, segmentId: elsewhere.segmentId };
    await expectRefused(
      () => api.put(threadUrl(wrong), { isResolved: true }),
      404,
      `Segment ${wrong.segmentId} not found in document ${wrong.documentId}`,
    );
  });
});

describe('comments and the rest of the API', () => {
  it('GET /v2/segments?include_comments=true carries the thread, oldest first', async () => {
    const colleague = await createColleague(t.storage);
    const place = placeOf(await newDocument());
    const mine = await addComment(t.app, place, { text: 'mine' });
    const theirs = await addComment(t.app, place, { text: 'theirs' }, colleague.key);
    const url = `/v2/segments?id=${place.segmentId}`;
    const withComments = (await api.get(`${url}&include_comments=true`)).json();
    expect(withComments.comments).toEqual([mine, { ...theirs, is_mine: false }]);
    expect(withComments.comments[1].user_name).toBe('Reviewer');
    expect((await api.get(url)).json().comments).toBeUndefined();
    expect((await api.get(`${url}&include_comments=false`)).json().comments).toBeUndefined();
  });

  it('deleting the document deletes its comments', async () => {
    const place = placeOf(await newDocument());
    await addComment(t.app, place, { text: 'x' });
    const count = () =>
      t.storage.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('document_id', '=', place.documentId)
        .executeTakeFirst();
    expect(await count()).toEqual({ n: 1 });
    expect((await api.delete(`/v2/documents?id=${place.documentId}`)).statusCode).toBe(200);
    expect(await count()).toEqual({ n: 0 });
  });
});
