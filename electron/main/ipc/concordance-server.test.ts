import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../../shared/api/memories';
import { startServer, type RunningServer } from '../../../server/start';
import { createGateway, type Gateway } from '../gateway/gateway';
import { createUploads } from '../transfers/uploads';
import { memoryHandlers } from './memories';

const KEY = 'wb_concordance_handler_test_key1';

// The concordance channel against the real embedded server: import units, then search them.
describe('memories:concordance against the real server', () => {
  let folder: string;
  let server: RunningServer;
  let gateway: Gateway;
  let handlers: ReturnType<typeof memoryHandlers>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-concordance-ipc-'));
    server = await startServer({
      dataDir: join(folder, 'server'),
      bootstrapKey: KEY,
      logger: false,
    });
    gateway = createGateway({
      target: () => ({ baseUrl: server.url, commentsBaseUrl: `${server.url}/2`, apiKey: KEY }),
    });
    handlers = memoryHandlers({ gateway, uploads: createUploads(() => {}) });
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('finds the units holding a phrase, with its ranges, and refuses a bad one', async () => {
    const memory = await handlers['memories:create'](
      { name: 'UI strings', srclang: 'en', trglang: 'es' },
      {},
    );
    const csv = 'en,es\n"Open the file menu.","Abra el menú Archivo."\n"Close","Cerrar"\n';
    await handlers['memories:import'](
      { uploadId: 'import-00001', memory_id: memory.id, name: 'units.csv' },
      { body: Readable.from([Buffer.from(csv)]) },
    );
    for (let tries = 0; tries < 100; tries += 1) {
      const [current] = (await handlers['memories:list']({}, {})).filter(
        (m: Memory) => m.id === memory.id,
      );
      if (current && !current.is_processing) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const found = await handlers['memories:concordance'](
      { id: memory.id, q: 'File Menu', in: 'both' },
      {},
    );
    expect(found).toMatchObject({
      capped: false,
      hits: [
        {
          source: 'Open the file menu.',
          source_ranges: [[9, 18]],
          target_ranges: [],
          metadata: expect.objectContaining({ origin: 'units.csv' }),
        },
      ],
    });
    await expect(
      handlers['memories:concordance']({ id: memory.id, q: '...' }, {}),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/no word/) });
  });
});
