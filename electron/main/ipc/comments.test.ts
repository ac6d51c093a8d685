import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultCommentsBaseUrl } from '../connection-settings';
import { createGateway, type GatewayTarget } from '../gateway/gateway';
import { commentHandlers } from './comments';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

const COMMENT = {
  id: 9,
  text: 'Is "rent" right here?',
  annotations: [],
  is_resolved: false,
  document_id: 5,
  segment_id: 12,
  segment_revision_id: 1,
  user_id: 1,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  user_name: 'Ana',
  is_mine: true,
};

// A scripted stand-in for the comments API: it records the wire form of each call and answers
// with canned JSON, so the base, path, query and body of every channel are checked exactly.
describe('comment channels on the wire', () => {
  let server: Server;
  let origin: string;
  let seen: Seen[];
  let target: GatewayTarget;
  const handlers = commentHandlers(createGateway({ target: () => target }));

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://x');
        const text = Buffer.concat(chunks).toString('utf8');
        seen.push({
          method: request.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body: text ? JSON.parse(text) : undefined,
        });
        const answer =
          request.method === 'GET'
            ? { '12': [COMMENT] }
            : request.method === 'DELETE'
              ? { id: 9 }
              : url.pathname.endsWith('/thread')
                ? [COMMENT]
                : COMMENT;
        response.writeHead(request.method === 'POST' ? 201 : 200, {
          'content-type': 'application/json',
        });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
    target = { baseUrl: origin, commentsBaseUrl: defaultCommentsBaseUrl(origin), apiKey: 'k' };
  });

  it('lists a document’s comments from {server}/2/comments', async () => {
    expect(await handlers['comments:list']({ document_id: 5 }, {})).toEqual({ '12': [COMMENT] });
    expect(seen).toEqual([
      { method: 'GET', path: '/2/comments', query: { document_id: '5' }, body: undefined },
    ]);
  });

  it('creates a comment with its annotations and isResolved as the string "false"', async () => {
    const created = await handlers['comments:create'](
      { document_id: 5, segment_id: 12, text: 'Why?', annotations: [{ text: 'rent' }] },
      {},
    );
    expect(created).toEqual(COMMENT);
    expect(seen[0]).toEqual({
      method: 'POST',
      path: '/2/comments',
      query: { document_id: '5', segment_id: '12' },
      body: { text: 'Why?', annotations: [{ text: 'rent' }], isResolved: 'false' },
    });
  });

  it('sends an empty annotation list when none is quoted', async () => {
    await handlers['comments:create']({ document_id: 5, segment_id: 12, text: 'Hm.' }, {});
    expect(seen[0]?.body).toEqual({ text: 'Hm.', annotations: [], isResolved: 'false' });
  });

  it('updates only the fields given, isResolved as a string', async () => {
    await handlers['comments:update']({ comment_id: 9, document_id: 5, text: 'Fixed.' }, {});
    await handlers['comments:update']({ comment_id: 9, document_id: 5, is_resolved: true }, {});
    await handlers['comments:update'](
      { comment_id: 9, document_id: 5, is_resolved: false, annotations: [] },
      {},
    );
    expect(seen.map(({ method, path, query }) => ({ method, path, query }))).toEqual(
      Array(3).fill({
        method: 'PUT',
        path: '/2/comments',
        query: { comment_id: '9', document_id: '5' },
      }),
    );
    expect(seen.map((call) => call.body)).toEqual([
      { text: 'Fixed.' },
      { isResolved: 'true' },
      { annotations: [], isResolved: 'false' },
    ]);
  });

  it('deletes by comment id', async () => {
    expect(await handlers['comments:delete']({ comment_id: 9 }, {})).toEqual({ id: 9 });
    expect(seen[0]).toMatchObject({
      method: 'DELETE',
      path: '/2/comments',
      query: { comment_id: '9' },
    });
  });

  it('resolves and reopens a whole thread through /2/comments/thread', async () => {
    expect(
      await handlers['comments:resolve-thread'](
        { document_id: 5, segment_id: 12, is_resolved: true },
        {},
      ),
    ).toEqual([COMMENT]);
    await handlers['comments:resolve-thread'](
      { document_id: 5, segment_id: 12, is_resolved: false },
      {},
    );
    expect(seen).toEqual([
      {
        method: 'PUT',
        path: '/2/comments/thread',
        query: { document_id: '5', segment_id: '12' },
        body: { isResolved: 'true' },
      },
      {
        method: 'PUT',
        path: '/2/comments/thread',
        query: { document_id: '5', segment_id: '12' },
        body: { isResolved: 'false' },
      },
    ]);
  });

  it('keeps a hosted service’s path prefix and honours its own comments base URL', async () => {
    // A hosted base with a path and a trailing slash: comments default to `{base}/2`.
    const hosted = `${origin}/api/`;
    target = { baseUrl: hosted, commentsBaseUrl: defaultCommentsBaseUrl(hosted), apiKey: 'k' };
    await handlers['comments:list']({ document_id: 5 }, {});
    // A service whose comments live elsewhere, as the settings allow.
    target = { baseUrl: hosted, commentsBaseUrl: `${origin}/threads/v1/`, apiKey: 'k' };
    await handlers['comments:delete']({ comment_id: 9 }, {});
    expect(seen.map((call) => call.path)).toEqual(['/api/2/comments', '/threads/v1/comments']);
  });
});
