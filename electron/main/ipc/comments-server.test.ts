import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../../shared/api/memories';
import type { Project } from '../../../shared/api/projects';
import { startServer, type RunningServer } from '../../../server/start';
import { defaultCommentsBaseUrl } from '../connection-settings';
import { createGateway, type Gateway } from '../gateway/gateway';
import { createUploads } from '../transfers/uploads';
import { commentHandlers } from './comments';
import { documentHandlers } from './documents';

const KEY = 'wb_comments_handler_test_key_01';

// The comment channels against the real embedded server, reached the way the app reaches it:
// the comments base is `{server}/2`, derived from the server's address.
describe('comment channels against the real server', () => {
  let folder: string;
  let server: RunningServer;
  let gateway: Gateway;
  let handlers: ReturnType<typeof commentHandlers> & ReturnType<typeof documentHandlers>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-comments-ipc-'));
    server = await startServer({
      dataDir: join(folder, 'server'),
      bootstrapKey: KEY,
      logger: false,
    });
    gateway = createGateway({
      target: () => ({
        baseUrl: server.url,
        commentsBaseUrl: defaultCommentsBaseUrl(server.url),
        apiKey: KEY,
      }),
    });
    handlers = {
      ...commentHandlers(gateway),
      ...documentHandlers({ gateway, uploads: createUploads(() => {}) }),
    };
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('comments, replies, edits, resolves, reopens and deletes', async () => {
    const memory = await gateway.json<Memory>({
      method: 'POST',
      path: '/v2/memories',
      json: { name: 'Lease', srclang: 'en', trglang: 'es' },
    });
    const project = await gateway.json<Project>({
      method: 'POST',
      path: '/v2/projects',
      json: { name: 'Lease notes', memory_id: memory.id },
    });
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
