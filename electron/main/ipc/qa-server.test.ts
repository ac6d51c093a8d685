import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentHandlers } from './documents';
import { qaHandlers } from './qa';
import { newProject, useRealServer } from './real-server-test-support';

// The QA report's ignore channels against the real embedded server, as the app reaches it.
describe('QA ignore channels against the real server', () => {
  const real = useRealServer('qa');
  let handlers: ReturnType<typeof qaHandlers> & ReturnType<typeof documentHandlers>;
  beforeAll(() => {
    const { gateway, uploads } = real;
    handlers = { ...qaHandlers(gateway), ...documentHandlers({ gateway, uploads }) };
  });

  it('ignores a warning, lists it, and shows it again', async () => {
    const project = await newProject(real.gateway, 'Lease notes');
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
