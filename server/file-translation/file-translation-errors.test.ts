import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TranslationInfo } from '../../shared/api/file-translation';
import { requireApertium } from '../mt/apertium-test-support';
import { apiClient, createOtherOrganization, createTestApp, type TestApp } from '../test-support';
import {
  downloadTranslation,
  memoryOf,
  monitor,
  startTranslation,
  translateNow,
  uploadFile,
} from './test-support';

/** What a request could have recorded, read through the storage (either backend). */
const rows = async (t: TestApp) => ({
  translations: await t.storage.db
    .selectFrom('file_translations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst(),
  work: await t.storage.db
    .selectFrom('work_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'translate-file')
    .executeTakeFirst(),
});

describe('file translation: bad requests change nothing', () => {
  let t: TestApp;
  let memoryId: number;
  let fileId: number;
  beforeEach(async () => {
    t = await createTestApp({ work: { paused: true } });
    memoryId = await memoryOf(t.app, []);
    fileId = (await uploadFile(t.app, 'a.txt', 'Hello.\n')).id;
  });
  afterEach(() => t.close());

  it.each([
    ['', /fileId/],
    [`memoryId=1`, /fileId/],
    [`fileId=abc&memoryId=1`, /fileId/],
    [`fileId=1,,2&memoryId=1`, /fileId/],
    [`fileId=1`, /memoryId/],
    [`fileId=1&memoryId=x`, /memoryId/],
    [`fileId=1&memoryId=1&configId=0`, /configId/],
    [`fileId=1&memoryId=1&configId=102`, /configId: no filter configuration 102/],
    [`fileId=1&memoryId=1&tmThreshold=30`, /tmThreshold/],
    [`fileId=1&memoryId=1&tmThreshold=102`, /tmThreshold/],
    [`fileId=1&memoryId=1&withTM=maybe`, /withTM/],
  ])('POST ?%s answers 400 naming the parameter', async (query, names) => {
    const before = await rows(t);
    const response = await startTranslation(t.app, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(names);
    expect(await rows(t)).toEqual(before);
  });

  it('refuses more than 100 files in one request', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    const response = await startTranslation(t.app, `fileId=${ids}&memoryId=${memoryId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('at most 100');
  });

  it('unknown or foreign memory and files answer 404 naming them, and record nothing', async () => {
    const before = await rows(t);
    const noMemory = await startTranslation(t.app, `fileId=${fileId}&memoryId=999`);
    expect(noMemory.statusCode).toBe(404);
    expect(noMemory.json().message).toBe('Memory 999 not found');
    const noFile = await startTranslation(t.app, `fileId=${fileId},777&memoryId=${memoryId}`);
    expect(noFile.statusCode).toBe(404);
    expect(noFile.json().message).toBe('File 777 not found');
    const other = await createOtherOrganization(t.storage);
    const foreign = await startTranslation(
      t.app,
      `fileId=${fileId}&memoryId=${memoryId}`,
      other.key,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await rows(t)).toEqual(before);
  });

  it('the monitor needs a filter, checks each, and shows only the organization’s own', async () => {
    const none = await monitor(t.app, '');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/translationIds, status, fromTime, toTime/);
    expect((await monitor(t.app, 'status=Done')).statusCode).toBe(400);
    expect((await monitor(t.app, 'translationIds=1,x')).statusCode).toBe(400);
    expect((await monitor(t.app, 'fromTime=-1')).statusCode).toBe(400);
    const [info] = (await startTranslation(t.app, `fileId=${fileId}&memoryId=${memoryId}`)).json();
    const other = await createOtherOrganization(t.storage);
    expect((await monitor(t.app, 'fromTime=0', other.key)).json()).toEqual([]);
    expect((await monitor(t.app, `translationIds=${info.id}`, other.key)).json()).toEqual([]);
    expect((await downloadTranslation(t.app, info.id, other.key)).statusCode).toBe(404);
  });

  it('a download before the file is ready answers 409 with the progress; unknown ids 404', async () => {
    const [info] = (await startTranslation(t.app, `fileId=${fileId}&memoryId=${memoryId}`)).json();
    const early = await downloadTranslation(t.app, info.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not ready yet: 0 of 0 segments done/);
    const unknown = await downloadTranslation(t.app, 4242);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Translation 4242 not found');
    const api = apiClient(t.app);
    expect((await api.get('/v2/translate/files?id=abc')).statusCode).toBe(400);
  });
});

describe('file translation: work that cannot be done fails with a reason in words', () => {
  let t: TestApp;
  beforeAll(() => requireApertium());
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const failed = async (name: string, body: string | Uint8Array, memoryId: number) => {
    const file = await uploadFile(t.app, name, body);
    const info = await translateNow(t.app, file.id, memoryId);
    expect(info.status).toBe('Failed');
    expect((await downloadTranslation(t.app, info.id)).statusCode).toBe(409);
    return info.errorMsg ?? '';
  };

  it('an unsupported format', async () => {
    const memoryId = await memoryOf(t.app, []);
    const message = await failed('tool.exe', new Uint8Array([0x4d, 0x5a, 0, 0, 1, 2]), memoryId);
    expect(message).toMatch(/^Unsupported format: tool.exe: unsupported document format/);
  });

  it('an unreadable file, and entity expansion in XML, fail at once', async () => {
    const memoryId = await memoryOf(t.app, []);
    const broken = await failed('ui.xlf', '<xliff version="1.2"><file><body>', memoryId);
    expect(broken).toMatch(/^Unreadable file ui.xlf: /);
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' +
      '<xliff version="1.2"><file source-language="en"><body><trans-unit id="1"><source>&b;' +
      '</source></trans-unit></body></file></xliff>';
    expect(await failed('bomb.xlf', laughs, memoryId)).toMatch(
      /^Unreadable file bomb.xlf: .*DOCTYPE/i,
    );
  });

  it('no MT for the pair, when the memory leaves segments untranslated', async () => {
    const memoryId = await memoryOf(t.app, [['Open a file', 'Ouvrir un fichier']], {
      srclang: 'en',
      trglang: 'fr',
    });
    const message = await failed('ui.txt', 'Open a file\nClose the window.\n', memoryId);
    expect(message).toMatch(/^No machine translation for en to fr \(installed: .*en-es/);
    // When the memory covers every segment, no MT is needed and the file is done.
    const covered = await uploadFile(t.app, 'covered.txt', 'Open a file\n');
    const info = await translateNow(t.app, covered.id, memoryId);
    expect(info).toMatchObject({ status: 'ReadyForDownload', tmSegments: 1, mtSegments: 0 });
    expect((await downloadTranslation(t.app, info.id)).body).toBe('Ouvrir un fichier\n');
  });

  it('a file deleted before its translation ran', async () => {
    // Paused from the start: a queue stopped before the app is ready would start with it.
    await t.close();
    t = await createTestApp({ work: { paused: true } });
    const memoryId = await memoryOf(t.app, []);
    const file = await uploadFile(t.app, 'gone.txt', 'Hello.\n');
    const [info] = (await startTranslation(t.app, `fileId=${file.id}&memoryId=${memoryId}`)).json();
    expect((await apiClient(t.app).delete(`/v2/files?id=${file.id}`)).statusCode).toBe(200);
    t.app.work.start();
    await t.app.work.idle();
    const [after] = (await monitor(t.app, `translationIds=${info.id}`)).json() as TranslationInfo[];
    expect(after).toMatchObject({ status: 'Failed' });
    expect(after!.errorMsg).toBe(`File ${file.id} was deleted before its translation was done`);
  });

  it('warns when the file is not in the memory’s source language', async () => {
    const memoryId = await memoryOf(t.app, []);
    const german =
      'Die Datei wurde gespeichert. Öffnen Sie das Menü und wählen Sie einen neuen Ordner aus, ' +
      'bevor Sie das Dokument schließen. Danach können Sie die Arbeit fortsetzen.\n';
    const file = await uploadFile(t.app, 'de.txt', german);
    const info = await translateNow(t.app, file.id, memoryId);
    expect(info.status).toBe('ReadyForDownload');
    expect(info.warning).toMatch(/reads as German \(deu\), but the memory translates from English/);
    const english = await uploadFile(
      t.app,
      'en.txt',
      'Open the menu and choose a new folder before you close the document.\n',
    );
    expect((await translateNow(t.app, english.id, memoryId)).warning).toBeNull();
  });
});
