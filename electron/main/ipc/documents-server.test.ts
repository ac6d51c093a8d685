import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../../../shared/api/documents';
import { documentHandlers } from './documents';
import { memoryHandlers } from './memories';
import { segmentHandlers } from './segments';
import { newProject, useRealServer } from './real-server-test-support';
import { until } from '../../../server/until-test-support';

// The editor's round trip against the real embedded server: upload with pretranslation, wait
// for it, confirm a segment, and find it again as a TM match of origin `editor`.
describe('editor channels against the real server', () => {
  const real = useRealServer('documents');
  let handlers: ReturnType<typeof documentHandlers> &
    ReturnType<typeof segmentHandlers> &
    ReturnType<typeof memoryHandlers>;
  beforeAll(() => {
    const { gateway, uploads } = real;
    handlers = {
      ...documentHandlers({ gateway, uploads }),
      ...segmentHandlers(gateway),
      ...memoryHandlers({ gateway, uploads }),
    };
  });

  it('uploads, pretranslates, confirms and learns', async () => {
    const project = await newProject(real.gateway, 'Lease notes');
    const uploaded = await handlers['documents:upload'](
      { uploadId: 'doc-real-0001', project_id: project.id, name: 'Guía.txt', pretranslate: 'TM' },
      { body: Readable.from([Buffer.from('The rent is due today. The keys are in the box.')]) },
    );
    expect(uploaded.name).toBe('Guía.txt');
    let document: DocumentWithSegments = uploaded;
    await until(async () => {
      document = await handlers['documents:get']({ id: uploaded.id }, {});
      return !document.is_pretranslating;
    }, 'the pretranslation');
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
      { memory_id: project.memory_id, source: 'The rent is due today.', mt: false },
      {},
    );
    expect(matches.translation[0]).toMatchObject({
      isTMMatch: true,
      target: 'El alquiler vence hoy.',
      metadata: expect.objectContaining({ origin: 'editor' }),
    });
    expect(
      await handlers['memories:term-hits']({ id: project.memory_id, query: 'The rent' }, {}),
    ).toEqual([]);
    await handlers['documents:delete']({ id: uploaded.id }, {});
    await expect(handlers['documents:get']({ id: uploaded.id }, {})).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});
