import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadProgress } from '../../../shared/ipc/contract';
import { createGateway } from '../gateway/gateway';
import { createUploads } from '../transfers/uploads';
import { documentHandlers, downloadName } from './documents';
import { memoryHandlers } from './memories';
import { segmentHandlers } from './segments';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

const DOCUMENT = { id: 5, name: 'Guía rápida.txt', segments: [] };

// A scripted stand-in for the API: it records what each editor channel sends and answers with
// canned JSON or bytes, so the wire form of each call is checked exactly.
describe('document, segment and translate channels on the wire', () => {
  let server: Server;
  let seen: Seen[];
  const progress: UploadProgress[] = [];
  let handlers: ReturnType<typeof documentHandlers> &
    ReturnType<typeof segmentHandlers> &
    ReturnType<typeof memoryHandlers>;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://x');
        seen.push({
          method: request.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        if (url.pathname === '/v2/documents/files' && request.method === 'GET') {
          response.writeHead(200, { 'content-type': 'application/octet-stream' });
          response.end('translated bytes');
          return;
        }
        const answer =
          url.pathname === '/v2/documents' && request.method === 'DELETE'
            ? { id: 5, deleted: true }
            : url.pathname === '/v2/translate'
              ? { untokenizedSource: 'x', translation: [] }
              : url.pathname === '/v2/memories/termbase/hits'
                ? []
                : DOCUMENT;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const gateway = createGateway({
      target: () => ({ baseUrl: base, commentsBaseUrl: `${base}/2`, apiKey: 'k' }),
    });
    const uploads = createUploads((update) => progress.push(update));
    handlers = {
      ...documentHandlers({ gateway, uploads }),
      ...segmentHandlers(gateway),
      ...memoryHandlers({ gateway, uploads }),
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen = [];
  });

  it('streams an upload with its parameters in one ASCII LILT-API header, reporting progress', async () => {
    const document = await handlers['documents:upload'](
      {
        uploadId: 'doc-upload-01',
        project_id: 3,
        name: 'Guía rápida.txt',
        size: 11,
        pretranslate: 'TM+MT',
        auto_accept: true,
      },
      { body: Readable.from([Buffer.from('Hello world')]) },
    );
    expect(document).toEqual(DOCUMENT);
    const [call] = seen;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v2/documents/files',
      body: 'Hello world',
    });
    const header = String(call?.headers['lilt-api']);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(header)).toEqual({
      name: 'Guía rápida.txt',
      project_id: 3,
      pretranslate: 'TM+MT',
      auto_accept: true,
    });
    expect(progress.filter((p) => p.uploadId === 'doc-upload-01').at(-1)).toEqual({
      uploadId: 'doc-upload-01',
      sentBytes: 11,
      totalBytes: 11,
    });
  });

  it('leaves out the options that were not chosen', async () => {
    await handlers['documents:upload'](
      { uploadId: 'doc-upload-02', project_id: 3, name: 'a.txt' },
      { body: Readable.from([Buffer.from('A.')]) },
    );
    expect(JSON.parse(String(seen[0]?.headers['lilt-api']))).toEqual({
      name: 'a.txt',
      project_id: 3,
    });
  });

  it('downloads the XLIFF by default and the original on request, under the document name', async () => {
    const names: string[] = [];
    const context = {
      async deliver({ name, body }: { name: string; body: Readable }) {
        names.push(name);
        for await (const chunk of body) expect(String(chunk)).toBe('translated bytes');
        return { delivered: true as const };
      },
    };
    await handlers['documents:download']({ id: 5 }, context);
    await handlers['documents:download']({ id: 5, is_xliff: false }, context);
    expect(names).toEqual(['Guía rápida.txt.xlf', 'Guía rápida.txt']);
    const files = seen.filter((call) => call.path === '/v2/documents/files');
    expect(files.map((call) => call.query)).toEqual([
      { id: '5', is_xliff: 'true' },
      { id: '5', is_xliff: 'false' },
    ]);
  });

  it('reads and deletes a document by id', async () => {
    await handlers['documents:get']({ id: 5 }, {});
    await handlers['documents:delete']({ id: 5 }, {});
    expect(seen.map(({ method, path, query }) => ({ method, path, query }))).toEqual([
      { method: 'GET', path: '/v2/documents', query: { id: '5' } },
      { method: 'DELETE', path: '/v2/documents', query: { id: '5' } },
    ]);
  });

  it('saves a segment, asks for translations and finds terms', async () => {
    await handlers['segments:update'](
      { id: 9, target: 'Hola', is_confirmed: false, match_score: 87 },
      {},
    );
    await handlers['translate:segment']({ memory_id: 2, source: 'Hello', segment_id: 9 }, {});
    await handlers['memories:term-hits']({ id: 2, query: 'Hello toolbar' }, {});
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'PUT /v2/segments',
      'POST /v2/translate',
      'GET /v2/memories/termbase/hits',
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual({
      id: 9,
      target: 'Hola',
      is_confirmed: false,
      match_score: 87,
    });
    expect(JSON.parse(seen[1]!.body)).toEqual({ memory_id: 2, source: 'Hello', segment_id: 9 });
    expect(seen[2]!.query).toEqual({ id: '2', query: 'Hello toolbar' });
  });

  it('saves many targets of a document in one call', async () => {
    const batch = {
      document_id: 5,
      segments: [{ id: 9, target: 'Hola', expected_target: 'Hello', is_confirmed: false }],
    };
    await handlers['segments:save-batch'](batch, {});
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'PUT /v2/documents/segments',
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual(batch);
  });
});

describe('downloadName', () => {
  it('adds .xlf unless the name already is an XLIFF', () => {
    expect(downloadName('a.txt', true)).toBe('a.txt.xlf');
    expect(downloadName('a.XLF', true)).toBe('a.XLF');
    expect(downloadName('a.txt', false)).toBe('a.txt');
  });
});
