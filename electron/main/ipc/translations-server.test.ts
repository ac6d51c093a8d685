import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationInfo } from '../../../shared/api/file-translation';
import type { Memory } from '../../../shared/api/memories';
import { createDragFiles, type DragFiles } from '../transfers/drag-files';
import { fileHandlers } from './files';
import { memoryHandlers } from './memories';
import { readyNotice, translationHandlers, type ReadyNotice } from './translations';
import { createDispatcher, type Handlers } from './validated';
import { REAL_SERVER_KEY, useRealServer } from './real-server-test-support';
import { until } from '../../../server/until-test-support';

const PO = [
  'msgid ""',
  'msgstr ""',
  '"Content-Type: text/plain; charset=UTF-8\\n"',
  '',
  'msgid "Open the file."',
  'msgstr ""',
  '',
  'msgid "The house is big."',
  'msgstr ""',
  '',
].join('\n');

// The file translation channels against the real embedded server (TM from an import, Apertium
// for the rest): start, monitor, download under the translated name, drag out, notify.
describe('translation channels against the real server', () => {
  const real = useRealServer('translations');
  let dragFiles: DragFiles;
  const dragged: string[] = [];
  const notices: ReadyNotice[] = [];
  let handlers: Pick<Handlers, 'files:upload' | 'memories:import'> &
    ReturnType<typeof translationHandlers>;
  let browserHandlers: ReturnType<typeof translationHandlers>;

  beforeAll(() => {
    const { gateway, uploads, folder } = real;
    dragFiles = createDragFiles(folder);
    handlers = {
      ...fileHandlers({ gateway, uploads }),
      ...memoryHandlers({ gateway, uploads }),
      ...translationHandlers({
        gateway,
        dragFiles,
        startDrag: async (path) => void dragged.push(path),
        notify: (notice) => notices.push(notice) > 0,
      }),
    };
    browserHandlers = translationHandlers({ gateway, dragFiles: createDragFiles(folder) });
  });
  afterAll(() => dragFiles.clear());

  async function memoryWith(pairs: Array<[string, string]>): Promise<Memory> {
    const memory = await real.gateway.json<Memory>({
      method: 'POST',
      path: '/v2/memories',
      json: { name: 'UI strings', srclang: 'en', trglang: 'es' },
    });
    const csv = ['en,es', ...pairs.map(([s, t]) => `"${s}","${t}"`)].join('\n');
    await handlers['memories:import'](
      { uploadId: 'import-00001', memory_id: memory.id, name: 'units.csv' },
      { body: Readable.from([Buffer.from(csv)]) },
    );
    await until(async () => {
      const [current] = (
        await real.gateway.json<Memory[]>({ method: 'GET', path: '/v2/memories' })
      ).filter((m) => m.id === memory.id);
      return current !== undefined && !current.is_processing;
    }, 'the import');
    return memory;
  }

  async function untilSettled(id: number): Promise<TranslationInfo> {
    let info: TranslationInfo | undefined;
    await until(async () => {
      [info] = await handlers['translations:list']({ ids: [id] }, {});
      return info !== undefined && info.status !== 'InProgress';
    }, `translation ${id} to settle`);
    return info!;
  }

  it('starts, monitors, downloads, drags out and notifies', async () => {
    const memory = await memoryWith([['Open the file.', 'Abra el archivo.']]);
    const file = await handlers['files:upload'](
      { uploadId: 'upload-00001', name: 'ui.po' },
      { body: Readable.from([Buffer.from(PO)]) },
    );
    const started = await handlers['translations:start'](
      { fileIds: [file.id], memoryId: memory.id, withTM: true, minScore: 90 },
      {},
    );
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ fileId: file.id, status: 'InProgress', tmThreshold: 90 });
    const id = started[0]!.id;

    // Before it is ready: no system notification is claimed.
    const ready = await untilSettled(id);
    expect(ready).toMatchObject({
      status: 'ReadyForDownload',
      translatedName: 'ui.es.po',
      segmentsDone: 2,
      segmentsTotal: 2,
      tmSegments: 1,
      mtSegments: 1,
    });

    // No filter lists everything (fromTime=0); a status filter narrows it.
    expect((await handlers['translations:list']({}, {})).map((t) => t.id)).toContain(id);
    expect(await handlers['translations:list']({ status: 'Failed' }, {})).toEqual([]);

    await expect(handlers['translations:notify-ready']({ id }, {})).resolves.toEqual({
      shown: true,
    });
    expect(notices).toEqual([readyNotice(ready)]);
    await expect(browserHandlers['translations:notify-ready']({ id }, {})).resolves.toEqual({
      shown: false,
    });

    let delivered = '';
    const result = await handlers['translations:download'](
      { id },
      {
        async deliver({ name, body }) {
          expect(name).toBe('ui.es.po');
          delivered = await text(body);
          return { delivered: true };
        },
      },
    );
    expect(result).toEqual({ delivered: true });
    expect(delivered).toContain('msgstr "Abra el archivo."');
    expect(delivered).toMatch(/msgid "The house is big."\nmsgstr "(?!")[^"]*casa/);
    const [after] = await handlers['translations:list']({ ids: [id] }, {});
    expect(after?.status).toBe('Completed');

    await expect(handlers['translations:drag-out']({ id }, {})).resolves.toEqual({ started: true });
    expect(dragged).toHaveLength(1);
    expect(dragged[0]).toMatch(/ui\.es\.po$/);
    expect(readFileSync(dragged[0]!, 'utf8')).toBe(delivered);
    // The second drag reuses the file written by the first.
    await handlers['translations:drag-out']({ id }, {});
    expect(dragged[1]).toBe(dragged[0]);
    dragFiles.clear();
    expect(existsSync(dragged[0]!)).toBe(false);
  });

  it('says why in words: no drag in the browser, unknown ids, bad input', async () => {
    const dispatch = createDispatcher({ ...browserHandlers } as unknown as Handlers);
    const dragged = await dispatch('translations:drag-out', { id: 1 });
    expect(dragged).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    const missing = await dispatch(
      'translations:download',
      { id: 999_999 },
      {
        deliver: async () => ({ delivered: true }),
      },
    );
    expect(missing).toMatchObject({ ok: false, error: { status: 404 } });
    const invalid = await dispatch('translations:start', { fileIds: [], memoryId: 1 });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const apiKey = await dispatch('translations:list', { apiKey: REAL_SERVER_KEY });
    expect(apiKey).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});
