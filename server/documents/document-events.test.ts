import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../../shared/api/documents';
import { eventsOf, subscribe } from '../api-tests/webhook-events-test-support';
import { basic, createTestApp, type TestApp } from '../test-support';
import { createProject, getDocument, uploadDocument } from './test-support';

// Issue 16: DOCUMENT_UPDATE (our event) when a pretranslation finishes (both backends).
let t: TestApp;
let subscribed: number;

beforeAll(async () => {
  t = await createTestApp({ mt: null, webhooks: { paused: true } });
  subscribed = await subscribe(t.app, ['DOCUMENT_UPDATE']);
});
afterAll(() => t.close());

const withoutSegments = ({ segments: _segments, ...document }: DocumentWithSegments) => document;

describe('DOCUMENT_UPDATE', () => {
  it('once the pretranslation ends, with the document as GET answers it, without segments', async () => {
    const project = await createProject(t.app);
    await t.app.tm.addUnit(project.memory_id, {
      source: 'Open the file.',
      target: 'Abra el archivo.',
      origin: 'test',
    });
    let uploaded: DocumentWithSegments | undefined;
    const atUpload = await eventsOf(t.storage, async () => {
      uploaded = await uploadDocument(t.app, project.id, 'a.txt', 'Open the file. Zebras.', {
        pretranslate: 'TM+MT',
      });
    });
    expect(atUpload).toEqual([]);
    const atEnd = await eventsOf<DocumentWithSegments>(t.storage, () => t.app.work.idle());
    const done = await getDocument(t.app, uploaded!.id);
    expect(done).toMatchObject({
      is_pretranslating: false,
      status: { pretranslation: 'idle' },
      // Without MT, the TM matches stay and the reason is recorded.
      pretranslation_error: expect.stringContaining('MT skipped'),
    });
    expect(atEnd).toEqual([
      {
        type: 'DOCUMENT_UPDATE',
        orgId: expect.any(Number),
        data: withoutSegments(done),
        configurationIds: [subscribed],
      },
    ]);
  });

  it('nothing for a document uploaded without pretranslation, nor one deleted meanwhile', async () => {
    const project = await createProject(t.app);
    const plain = await eventsOf(t.storage, async () => {
      await uploadDocument(t.app, project.id, 'b.txt', 'Open the file.');
      await t.app.work.idle();
    });
    expect(plain).toEqual([]);
    const gone = await eventsOf(t.storage, async () => {
      const document = await uploadDocument(t.app, project.id, 'c.txt', 'Open the file.', {
        pretranslate: 'TM',
      });
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/v2/documents?id=${document.id}`,
        headers: { authorization: basic(t.key) },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      await t.app.work.idle();
    });
    expect(gone).toEqual([]);
  });
});
