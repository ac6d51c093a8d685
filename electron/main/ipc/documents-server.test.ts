import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../../../shared/api/documents';
import type { Memory } from '../../../shared/api/memories';
import type { Project } from '../../../shared/api/projects';
import { startServer, type RunningServer } from '../../../server/start';
import { createGateway, type Gateway } from '../gateway/gateway';
import { createUploads } from '../transfers/uploads';
import { documentHandlers } from './documents';
import { memoryHandlers } from './memories';
import { segmentHandlers } from './segments';

const KEY = 'wb_documents_handler_test_key_01';

// The editor's round trip against the real embedded server: upload with pretranslation, wait
// for it, confirm a segment, and find it again as a TM match of origin `editor`.
describe('editor channels against the real server', () => {
  let folder: string;
  let server: RunningServer;
  let gateway: Gateway;
  let handlers: ReturnType<typeof documentHandlers> &
    ReturnType<typeof segmentHandlers> &
    ReturnType<typeof memoryHandlers>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-documents-ipc-'));
    server = await startServer({
      dataDir: join(folder, 'server'),
      bootstrapKey: KEY,
      logger: false,
    });
    gateway = createGateway({
      target: () => ({ baseUrl: server.url, commentsBaseUrl: `${server.url}/2`, apiKey: KEY }),
    });
    const uploads = createUploads(() => {});
    handlers = {
      ...documentHandlers({ gateway, uploads }),
      ...segmentHandlers(gateway),
      ...memoryHandlers({ gateway, uploads }),
    };
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('uploads, pretranslates, confirms and learns', async () => {
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
    const uploaded = await handlers['documents:upload'](
      { uploadId: 'doc-real-0001', project_id: project.id, name: 'Guía.txt', pretranslate: 'TM' },
      { body: Readable.from([Buffer.from('The rent is due today. The keys are in the box.')]) },
    );
    expect(uploaded.name).toBe('Guía.txt');
    let document: DocumentWithSegments = uploaded;
    for (let tries = 0; document.is_pretranslating && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      document = await handlers['documents:get']({ id: uploaded.id }, {});
    }
    expect(document.is_pretranslating).toBe(false);
    expect(document.segments.map((segment) => segment.source)).toEqual([
      'The rent is due today.',
      'The keys are in the box.',
    ]);

    const [first] = document.segments;
    const saved = await handlers['segments:update'](
      { id: first!.id, target: 'El alquiler vence hoy.', is_confirmed: true, match_score: null },
      {},
    );
    expect(saved).toMatchObject({ is_confirmed: true, target: 'El alquiler vence hoy.' });
    const matches = await handlers['translate:segment'](
      { memory_id: memory.id, source: 'The rent is due today.', mt: false },
      {},
    );
    expect(matches.translation[0]).toMatchObject({
      isTMMatch: true,
      target: 'El alquiler vence hoy.',
      metadata: expect.objectContaining({ origin: 'editor' }),
    });
    expect(await handlers['memories:term-hits']({ id: memory.id, query: 'The rent' }, {})).toEqual(
      [],
    );
    await handlers['documents:delete']({ id: uploaded.id }, {});
    await expect(handlers['documents:get']({ id: uploaded.id }, {})).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});
