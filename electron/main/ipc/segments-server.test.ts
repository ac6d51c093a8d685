import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentHandlers } from './documents';
import { newProject, useRealServer } from './real-server-test-support';
import { segmentHandlers } from './segments';
import { createDispatcher, type Handlers } from './validated';

// Review mode's calls through the segment channel, validated as the page's calls are, to the real
// embedded server: `is_reviewed` reaches `PUT /v2/segments` and comes back on the segment.
describe('the segment channel carries reviews', () => {
  const real = useRealServer('segments');
  let dispatch: ReturnType<typeof createDispatcher>;
  let handlers: ReturnType<typeof documentHandlers> & ReturnType<typeof segmentHandlers>;
  beforeAll(() => {
    const { gateway, uploads } = real;
    handlers = { ...documentHandlers({ gateway, uploads }), ...segmentHandlers(gateway) };
    dispatch = createDispatcher({ ...handlers } as unknown as Handlers);
  });

  it('reviews a confirmed segment, takes it back, and refuses to review a draft', async () => {
    const project = await newProject(real.gateway, 'Review notes');
    const uploaded = await handlers['documents:upload'](
      { uploadId: 'review-0001', project_id: project.id, name: 'notes.txt' },
      { body: Readable.from([Buffer.from('Close the gate. Feed the cat.')]) },
    );
    const [first, second] = uploaded.segments;
    const save = (input: Record<string, unknown>) => dispatch('segments:update', input);

    const reviewed = await save({ id: first!.id, target: 'Cierre la verja.', is_reviewed: true });
    expect(reviewed).toMatchObject({
      ok: true,
      value: { is_confirmed: true, is_reviewed: true, target: 'Cierre la verja.' },
    });
    const takenBack = await save({ id: first!.id, target: 'Cierre la verja.', is_reviewed: false });
    expect(takenBack).toMatchObject({
      ok: true,
      value: { is_confirmed: true, is_reviewed: false },
    });

    const draft = await save({
      id: second!.id,
      target: 'Dé de comer al gato.',
      is_confirmed: false,
      is_reviewed: true,
    });
    expect(draft).toMatchObject({
      ok: false,
      error: { status: 400, message: expect.stringContaining('a draft cannot be reviewed') },
    });
    const badType = await save({ id: second!.id, target: 'x', is_reviewed: 'yes' });
    expect(badType).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});
