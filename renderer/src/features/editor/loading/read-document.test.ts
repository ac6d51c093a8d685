import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentSegmentsQuery } from '../../../../../shared/api/documents';
import type { Segment } from '../../../../../shared/api/segments';
import { editorQueries } from '../queries';
import { isFullyLoaded, type PagedDocument } from './document-pages';
import { FIRST_PAGE } from './first-page-read';
import { PAGE } from './read-document';
import { answerPage, testHeader, testSegment } from './test-pages';

/** The server's segments, its clock, what it was asked, and whether it knows pages at all. */
let server: Segment[] = [];
let clock = 1000;
let hasPages = true;
const asked: DocumentSegmentsQuery[] = [];
/** Held until released: a read on its way while something else happens. */
let hold: Promise<void> | null = null;

beforeAll(() => {
  vi.stubGlobal('window', {
    wordbench: {
      documents: {
        segments: async (query: DocumentSegmentsQuery) => {
          if (!hasPages) throw { code: 'not-found', message: 'Route not found' };
          asked.push(query);
          const answer = answerPage(server, query, clock);
          if (hold) await hold;
          return answer;
        },
        get: async () => ({ ...testHeader(), segments: server }),
      },
    },
  });
});

beforeEach(() => {
  server = Array.from({ length: 2500 }, (_, index) => testSegment(index));
  clock = 1000;
  hasPages = true;
  asked.length = 0;
  hold = null;
});

const query = editorQueries.document(7);
const cached = (client: QueryClient) => client.getQueryData<PagedDocument>(query.queryKey)!;
const refetch = (client: QueryClient) => client.refetchQueries({ queryKey: query.queryKey });

describe('reading a long document for the editor', () => {
  it('opens with the first page, then reads the rest a page at a time', async () => {
    const client = new QueryClient();
    const opened = await client.fetchQuery(query);
    expect(opened.segments).toHaveLength(FIRST_PAGE);
    expect(opened.paging?.total).toBe(2500);
    while (!isFullyLoaded(cached(client))) await refetch(client);
    expect(cached(client).segments).toEqual(server);
    expect(asked.map((q) => [q.offset, q.limit])).toEqual([
      [0, FIRST_PAGE],
      [FIRST_PAGE, PAGE],
      [FIRST_PAGE + PAGE, PAGE],
      [FIRST_PAGE + 2 * PAGE, PAGE],
    ]);
  });

  it('reads on at once until the first segment not confirmed is there', async () => {
    server = server.map((s) => (s.index < 1500 ? { ...s, is_confirmed: true, target: 'x' } : s));
    const opened = await new QueryClient().fetchQuery(query);
    expect(opened.segments).toHaveLength(FIRST_PAGE + 2 * PAGE);
  });

  it('reads the whole document from a server without pages', async () => {
    hasPages = false;
    const opened = await new QueryClient().fetchQuery(query);
    expect(opened.segments).toHaveLength(2500);
    expect(isFullyLoaded(opened)).toBe(true);
  });

  it('once all is there, asks only what changed since the last read', async () => {
    const client = new QueryClient();
    await client.fetchQuery(query);
    while (!isFullyLoaded(cached(client))) await refetch(client);
    clock = 1010;
    server[2400] = { ...server[2400]!, target: 'MT', revision: 2, updated_at: 1005 };
    asked.length = 0;
    await refetch(client);
    expect(asked).toEqual([{ id: 7, updated_since: 998, offset: 0, limit: PAGE }]);
    expect(cached(client).segments[2400]?.target).toBe('MT');
    asked.length = 0;
    await refetch(client);
    expect(asked[0]?.updated_since).toBe(1008);
  });

  it('never loses a save that answers while a page is on its way', async () => {
    const client = new QueryClient();
    await client.fetchQuery(query);
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const page = refetch(client);
    // The save's answer lands in the cache as segment-saves.ts puts it there.
    const saved = { ...server[10]!, target: 'Hola', is_confirmed: true, revision: 2 };
    client.setQueryData(
      query.queryKey,
      (document) =>
        document && {
          ...document,
          segments: document.segments.map((s) => (s.id === saved.id ? saved : s)),
        },
    );
    release();
    await page;
    expect(cached(client).segments[10]).toEqual(saved);
    expect(cached(client).segments).toHaveLength(FIRST_PAGE + PAGE);
  });

  it('after a whole answer (an upload), asks what changed since the document last changed', async () => {
    const client = new QueryClient();
    client.setQueryData(query.queryKey, { ...testHeader({ updated_at: 900 }), segments: server });
    await client.fetchQuery(query);
    expect(cached(client).segments).toHaveLength(2500);
    expect(cached(client).paging?.syncedAsOf).toBe(900);
  });
});
