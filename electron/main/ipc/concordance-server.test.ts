import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../../shared/api/memories';
import { memoryHandlers } from './memories';
import { useRealServer } from './real-server-test-support';
import { until } from '../../../server/until-test-support';

// The concordance channel against the real embedded server: import units, then search them.
describe('memories:concordance against the real server', () => {
  const real = useRealServer('concordance');
  let handlers: ReturnType<typeof memoryHandlers>;
  beforeAll(() => {
    handlers = memoryHandlers({ gateway: real.gateway, uploads: real.uploads });
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
    await until(async () => {
      const [current] = (await handlers['memories:list']({}, {})).filter(
        (m: Memory) => m.id === memory.id,
      );
      return current !== undefined && !current.is_processing;
    }, 'the import');
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
