import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../shared/api/comments';
import type { DocumentWithSegments } from '../../shared/api/documents';
import { apiClient, createOtherOrganization, createTestApp, type TestApp } from '../test-support';
import { addComment, commentTables, createColleague } from './test-support';
import { createProject, uploadDocument } from '../documents/test-support';

// Who may do what: the author edits and deletes; a colleague of the same organization resolves
// and reopens; another organization sees nothing, and its requests answer like unknown ids.
let t: TestApp;
let document: DocumentWithSegments;
let author: ReturnType<typeof apiClient>;
let colleague: ReturnType<typeof apiClient>;
let stranger: ReturnType<typeof apiClient>;
let colleagueKey: string;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  const project = await createProject(t.app);
  document = await uploadDocument(t.app, project.id, 'doc.txt', 'Open it. Close it.');
  author = apiClient(t.app);
  colleagueKey = (await createColleague(t.storage)).key;
  colleague = apiClient(t.app, colleagueKey);
  stranger = apiClient(t.app, (await createOtherOrganization(t.storage)).key);
});
afterAll(() => t.close());

const segmentId = () => document.segments[0]!.id;
const newComment = (text = 'Check the tone') =>
  addComment(t.app, { documentId: document.id, segmentId: segmentId() }, { text });
const putUrl = (comment: Comment) =>
  `/2/comments?comment_id=${comment.id}&document_id=${comment.document_id}`;

/** Refused with `status` and exactly `message`; nothing was written. */
async function expectRefused(
  request: () => ReturnType<typeof author.get>,
  status: number,
  message: string,
) {
  const before = await commentTables(t.storage);
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ message });
  expect(await commentTables(t.storage)).toEqual(before);
}

describe('a colleague in the same organization', () => {
  it('may not edit the text or annotations (403), nor delete', async () => {
    const comment = await newComment();
    const edit = `Only the author of comment ${comment.id} can edit its text or annotations; anyone in the organization can resolve or reopen it`;
    await expectRefused(() => colleague.put(putUrl(comment), { text: 'Mine now' }), 403, edit);
    await expectRefused(
      () => colleague.put(putUrl(comment), { annotations: [{ text: 'it' }], isResolved: true }),
      403,
      edit,
    );
    await expectRefused(
      () => colleague.delete(`/2/comments?comment_id=${comment.id}`),
      403,
      `Only the author of comment ${comment.id} can delete it`,
    );
  });

  it('may resolve and reopen, also sending the unchanged text back (201)', async () => {
    const comment = await newComment();
    const resolved = await colleague.put(putUrl(comment), { isResolved: 'true' });
    expect(resolved.statusCode, resolved.body).toBe(201);
    expect(resolved.json()).toMatchObject({
      id: comment.id,
      is_resolved: true,
      user_id: comment.user_id,
      user_name: 'Owner',
      is_mine: false,
    });
    const reopened = await colleague.put(putUrl(comment), {
      text: comment.text,
      annotations: comment.annotations,
      isResolved: 'false',
    });
    expect(reopened.statusCode, reopened.body).toBe(201);
    expect(reopened.json()).toMatchObject({ text: comment.text, is_resolved: false });
  });

  it('sees every comment, with is_mine set for their own only', async () => {
    const comment = await newComment();
    const place = { documentId: document.id, segmentId: segmentId() };
    const reply = await addComment(t.app, place, { text: 'Agreed' }, colleagueKey);
    expect(reply).toMatchObject({ user_name: 'Reviewer', is_mine: true });
    const thread: Comment[] = (
      await colleague.get(`/2/comments?document_id=${document.id}`)
    ).json()[String(segmentId())];
    const mine = thread.filter((c) => c.is_mine).map((c) => c.id);
    expect(mine).toEqual([reply.id]);
    expect(thread.find((c) => c.id === comment.id)?.is_mine).toBe(false);
    const asAuthor = await author.get(`/v2/segments?id=${segmentId()}&include_comments=true`);
    const theirs = (asAuthor.json().comments as Comment[]).filter((c) => !c.is_mine);
    expect(theirs.map((c) => c.id)).toEqual([reply.id]);
  });
});

describe('another organization', () => {
  it('gets 404 for our document and our comments, changing nothing', async () => {
    const comment = await newComment();
    const documentGone = `Document ${document.id} not found`;
    const place = `document_id=${document.id}&segment_id=${segmentId()}`;
    await expectRefused(
      () => stranger.get(`/2/comments?document_id=${document.id}`),
      404,
      documentGone,
    );
    await expectRefused(
      () => stranger.post(`/2/comments?${place}`, { text: 'x' }),
      404,
      documentGone,
    );
    await expectRefused(
      () => stranger.put(`/2/comments/thread?${place}`, { isResolved: true }),
      404,
      documentGone,
    );
    await expectRefused(
      () => stranger.put(putUrl(comment), { isResolved: true }),
      404,
      `Comment ${comment.id} not found in document ${document.id}`,
    );
    await expectRefused(
      () => stranger.delete(`/2/comments?comment_id=${comment.id}`),
      404,
      `Comment ${comment.id} not found`,
    );
    const segment = await stranger.get(`/v2/segments?id=${segmentId()}&include_comments=true`);
    expect(segment.statusCode).toBe(404);
  });
});
