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
import { documentHandlers } from './documents';
import { qaHandlers } from './qa';

const KEY = 'wb_qa_handler_test_key_0123456';

// The QA report's ignore channels against the real embedded server, as the app reaches it.
describe('QA ignore channels against the real server', () => {
  let folder: string;
  let server: RunningServer;
  let gateway: Gateway;
  let handlers: ReturnType<typeof qaHandlers> & ReturnType<typeof documentHandlers>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-qa-ipc-'));
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
      ...qaHandlers(gateway),
      ...documentHandlers({ gateway, uploads: createUploads(() => {}) }),
    };
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('ignores a warning, lists it, and shows it again', async () => {
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
      { uploadId: 'qa-ignores-real-01', project_id: project.id, name: 'Notes.txt' },
      { body: Readable.from([Buffer.from('The flat has 3 bedrooms.')]) },
    );
    const place = { document_id: document.id, segment_id: document.segments[0]!.id };

    const ignored = await handlers['qa:ignore'](
      { ...place, check: 'number-missing', target: 'El piso tiene 4 dormitorios.' },
      {},
    );
    expect(ignored).toMatchObject({ ...place, check: 'number-missing', user_name: 'Owner' });
    expect(await handlers['qa:list-ignores']({ document_id: document.id }, {})).toEqual([ignored]);
    expect(await handlers['qa:unignore']({ ...place, check: 'number-missing' }, {})).toEqual({
      deleted: true,
    });
    expect(await handlers['qa:list-ignores']({ document_id: document.id }, {})).toEqual([]);
  });
});
