import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationInfo } from '../../shared/api/file-translation';
import { eventsOf, subscribe } from '../api-tests/webhook-events-test-support';
import { defaultUser } from '../db/bootstrap';
import { createTestApp, type TestApp } from '../test-support';
import {
  downloadTranslation,
  memoryOf,
  monitor,
  newTranslation,
  startTranslation,
  uploadFile,
} from './test-support';
import { createTranslationStore } from './translation-store';

// Issue 16: FILE_TRANSLATION_UPDATE whenever a translation changes status (both backends).
let t: TestApp;
let memoryId: number;
let subscribed: number;

beforeAll(async () => {
  // No MT: a file the memory covers is translated, any other fails.
  t = await createTestApp({ mt: null, webhooks: { paused: true } });
  memoryId = await memoryOf(t.app, [['Open a file.', 'Abra un archivo.']]);
  await subscribe(t.app, ['PROJECT_UPDATE']);
  subscribed = await subscribe(t.app, ['FILE_TRANSLATION_UPDATE']);
});
afterAll(() => t.close());

const infoOf = async (id: number) =>
  (await monitor(t.app, `translationIds=${id}`)).json<TranslationInfo[]>()[0]!;

/** Starts translating `text` and runs the work: the events of each, and the final info. */
async function translate(name: string, text: string) {
  let started: TranslationInfo | undefined;
  const file = await uploadFile(t.app, name, text);
  const atStart = await eventsOf<TranslationInfo>(t.storage, async () => {
    const response = await startTranslation(t.app, `fileId=${file.id}&memoryId=${memoryId}`);
    expect(response.statusCode, response.body).toBe(200);
    [started] = response.json<TranslationInfo[]>();
  });
  const atEnd = await eventsOf<TranslationInfo>(t.storage, () => t.app.work.idle());
  return { started: started!, atStart, atEnd, final: await infoOf(started!.id) };
}

describe('FILE_TRANSLATION_UPDATE', () => {
  it('InProgress, ReadyForDownload, then Completed on the first download only', async () => {
    const { started, atStart, atEnd, final } = await translate('a.txt', 'Open a file.\n');
    expect(atStart).toEqual([
      {
        type: 'FILE_TRANSLATION_UPDATE',
        orgId: expect.any(Number),
        data: started,
        configurationIds: [subscribed],
      },
    ]);
    expect(started.status).toBe('InProgress');
    expect(final.status).toBe('ReadyForDownload');
    expect(atEnd.map((e) => [e.type, e.data])).toEqual([['FILE_TRANSLATION_UPDATE', final]]);
    const downloads = await eventsOf<TranslationInfo>(t.storage, async () => {
      for (let i = 0; i < 2; i++) {
        expect((await downloadTranslation(t.app, started.id)).statusCode).toBe(200);
      }
    });
    const completed = await infoOf(started.id);
    expect(completed.status).toBe('Completed');
    expect(downloads.map((e) => e.data)).toEqual([completed]);
  });

  it('Failed with its reason', async () => {
    const { atEnd, final } = await translate('b.txt', 'Zebras dance at midnight.\n');
    expect(final).toMatchObject({ status: 'Failed', errorMsg: expect.any(String) });
    expect(atEnd.map((e) => [e.type, e.data])).toEqual([['FILE_TRANSLATION_UPDATE', final]]);
  });

  it('nothing for translations whose creation rolls back', async () => {
    const store = createTranslationStore(t.storage);
    const { orgId } = (await defaultUser(t.storage.db))!;
    const file = await uploadFile(t.app, 'c.txt', 'Open a file.\n');
    const rows = [1, 2].map(() => newTranslation(orgId, file.id, memoryId));
    const events = await eventsOf(t.storage, async () => {
      let made = 0;
      const refused = store.create(rows, async () => {
        // The first row and its event are written by now; the second fails the transaction.
        if (++made === 2) throw new Error('no room');
      });
      await expect(refused).rejects.toThrow('no room');
    });
    expect(events).toEqual([]);
    const committed = await eventsOf(t.storage, () => store.create(rows, async () => undefined));
    expect(committed.map((e) => e.type)).toEqual([
      'FILE_TRANSLATION_UPDATE',
      'FILE_TRANSLATION_UPDATE',
    ]);
  });
});
