import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentHandlers } from './comments';
import { documentHandlers } from './documents';
import { newProject, useRealServer } from './real-server-test-support';

// The comment channels against the real embedded server, reached the way the app reaches it:
// the comments base is `{server}/2`, derived from the server's address.
describe('comment channels against the real server', () => {
  const real = useRealServer('comments');
  let handlers: ReturnType<typeof commentHandlers> & ReturnType<typeof documentHandlers>;
  beforeAll(() => {
    const { gateway, uploads } = real;
    handlers = { ...commentHandlers(gateway), ...documentHandlers({ gateway, uploads }) };
  });

  it('comments, replies, edits, resolves, reopens and deletes', async () => {
    const project = await newProject(real.gateway, 'Lease notes');
    const document = await handlers['documents:upload'](
      { uploadId: 'comments-real-01', project_id: project.id, name: 'Notes.txt' },
      { body: Readable.from([Buffer.from('The rent is due today. The keys are in the box.')]) },
    );
    const [first, second] = document.segments;
    const place = { document_id: document.id, segment_id: first!.id };

    const question = await handlers['comments:create'](
      { ...place, text: 'Is “due” right?', annotations: [{ text: 'is due' }] },
      {},
    );
    expect(question).toMatchObject({
      ...place,
      text: 'Is “due” right?',
      annotations: [{ text: 'is due' }],
      is_resolved: false,
      is_mine: true,
    });
    const reply = await handlers['comments:create']({ ...place, text: 'Yes.' }, {});
    expect(reply.annotations).toEqual([]);
    await handlers['comments:create'](
      { document_id: document.id, segment_id: second!.id, text: 'Fine.' },
      {},
    );

    const listed = await handlers['comments:list']({ document_id: document.id }, {});
    expect(Object.keys(listed).sort()).toEqual([String(first!.id), String(second!.id)].sort());
    expect(listed[String(first!.id)]?.map((comment) => comment.text)).toEqual([
      'Is “due” right?',
      'Yes.',
    ]);

    const edited = await handlers['comments:update'](
      { comment_id: reply.id, document_id: document.id, text: 'Yes, it is.' },
      {},
    );
    expect(edited).toMatchObject({ id: reply.id, text: 'Yes, it is.', is_resolved: false });
    const resolvedOne = await handlers['comments:update'](
      { comment_id: reply.id, document_id: document.id, is_resolved: true },
      {},
    );
    expect(resolvedOne).toMatchObject({ text: 'Yes, it is.', is_resolved: true });

    const resolved = await handlers['comments:resolve-thread']({ ...place, is_resolved: true }, {});
    expect(resolved.map((comment) => [comment.id, comment.is_resolved])).toEqual([
      [question.id, true],
      [reply.id, true],
    ]);
    const reopened = await handlers['comments:resolve-thread'](
      { ...place, is_resolved: false },
      {},
    );
    expect(reopened.every((comment) => !comment.is_resolved)).toBe(true);

    expect(await handlers['comments:delete']({ comment_id: reply.id }, {})).toEqual({
      id: reply.id,
    });
    const after = await handlers['comments:list']({ document_id: document.id }, {});
    expect(after[String(first!.id)]?.map((comment) => comment.id)).toEqual([question.id]);
    await expect(handlers['comments:delete']({ comment_id: reply.id }, {})).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('says plainly when the segment is not in the document', async () => {
    await expect(
      handlers['comments:create']({ document_id: 987_654, segment_id: 1, text: 'Hm.' }, {}),
    ).rejects.toMatchObject({ code: 'not-found', status: 404 });
  });
});
