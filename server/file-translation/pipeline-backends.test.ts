/**
 * The translate-file work runs the same on both backends: a real SQLite file and a real
 * PostgreSQL (a throw-away cluster). MT alone (a stub engine that tags what it translates), the
 * real document workers, blobs and work queue; each test on an empty database of its own.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createBlobStore } from '../blobs/blob-store';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import type { Storage } from '../db/storage';
import { createDocumentPool } from '../documents/document-pool';
import { fileQueries } from '../files/queries';
import type { TmRegistry } from '../memories/registry';
import type { MtEngine } from '../mt/engine';
import { createWorkQueue } from '../work/queue';
import { registerFileTranslation, TRANSLATE_FILE } from './pipeline';
import { newTranslation, seedOrganization } from './test-support';
import { createTranslationStore } from './translation-store';

const both = useBothBackends('file_translation_pipeline');
const pool = createDocumentPool();
afterAll(() => pool.close());
/** Each test's queue and database, ended after it whatever its outcome. */
const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const end of opened.splice(0)) await end();
});

/** Translates each segment to `es:<source>`, remembering the segments of every call. */
function stubMt() {
  const calls: string[][] = [];
  const engine: MtEngine = {
    name: 'stub',
    pairs: async () => [{ source: 'en', target: 'es' }],
    supports: async (source, target) => source === 'en' && target === 'es',
    translate: async (_pair, segments) => {
      calls.push(segments);
      return segments.map((s) => `es:${s}`);
    },
    close: async () => undefined,
  };
  return { engine, calls };
}

/** Never asked: these translations are MT alone. */
const noTm = new Proxy({} as TmRegistry, {
  get: () => () => {
    throw new Error('the memory was asked');
  },
});

async function pipelineOn(kind: Backend, name: string) {
  const { storage, close } = await both.fresh(kind, name);
  const blobs = createBlobStore(storage, join(both.dir, `${kind}-${name}`));
  const store = createTranslationStore(storage);
  const work = createWorkQueue(storage);
  opened.push(async () => {
    await work.stop();
    await close();
  });
  const mt = stubMt();
  registerFileTranslation(work, { store, blobs, pool, tm: noTm, mt: () => mt.engine });
  const { orgId, memoryId } = await seedOrganization(storage, name);
  const storeFile = async (text: string) => {
    const staged = await blobs.stage(Readable.from([Buffer.from(text)]), 1_000_000);
    return blobs.commit(staged, (tx) =>
      fileQueries(tx).insert({
        orgId,
        userId: null,
        projectId: null,
        name: 'help.txt',
        fileHash: staged.md5,
        sha256: staged.sha256,
        size: staged.size,
        category: 'API',
        labels: [],
        isDetecting: false,
      }),
    );
  };
  const translate = async (fileId: number) => {
    const [row] = await store.create([newTranslation(orgId, fileId, memoryId)], (tx, id) =>
      work.enqueueIn(tx, TRANSLATE_FILE, { translationId: id }),
    );
    return row!.id;
  };
  return { storage, blobs, store, work, mt, storeFile, translate };
}

const workStates = (storage: Storage) =>
  storage.db.selectFrom('work_items').select(['state', 'last_error']).execute();

describe.each(BACKENDS)('the translate-file work on %s', (kind) => {
  it('translates a file with MT, keeps it as a blob, and drops its targets', async () => {
    const p = await pipelineOn(kind, `mt_${kind}`);
    const fileId = await p.storeFile('Open the menu.\nClose the window.\n');
    const id = await p.translate(fileId);
    await p.work.start();
    await p.work.idle();
    const row = await p.store.get(id);
    expect(row).toMatchObject({
      status: 'ReadyForDownload',
      format: 'text',
      segments_done: 2,
      segments_total: 2,
      tm_segments: 0,
      mt_segments: 2,
    });
    const bytes = await readFile(p.blobs.pathOf(row!.result_sha256!), 'utf8');
    expect(bytes).toBe('es:Open the menu.\nes:Close the window.\n');
    expect(await p.store.targets(id)).toEqual([]);
    expect(await workStates(p.storage)).toEqual([{ state: 'done', last_error: null }]);
  });

  it('resumes after the targets a run stored: only the rest goes to MT', async () => {
    const p = await pipelineOn(kind, `resume_${kind}`);
    const fileId = await p.storeFile('One.\nTwo.\nThree.\n');
    const id = await p.translate(fileId);
    await p.store.writeBatch(
      id,
      [{ idx: 1, target: 'dos (before)', origin: 'mt', score: null }],
      1,
    );
    await p.work.start();
    await p.work.idle();
    expect(p.mt.calls).toEqual([['One.', 'Three.']]);
    const row = await p.store.get(id);
    expect(row).toMatchObject({ status: 'ReadyForDownload', segments_done: 3, mt_segments: 3 });
    const bytes = await readFile(p.blobs.pathOf(row!.result_sha256!), 'utf8');
    expect(bytes).toBe('es:One.\ndos (before)\nes:Three.\n');
  });

  it('a file that is gone fails the translation, recorded before its work is failed', async () => {
    const p = await pipelineOn(kind, `gone_${kind}`);
    const id = await p.translate(4242);
    let stateWhenRecorded: unknown[] = [];
    const record = p.store.markFailed;
    p.store.markFailed = async (translationId, message) => {
      const changed = await record(translationId, message);
      stateWhenRecorded = (await workStates(p.storage)).map((item) => item.state);
      return changed;
    };
    await p.work.start();
    await p.work.idle();
    const message = 'File 4242 was deleted before its translation was done';
    expect(await p.store.get(id)).toMatchObject({ status: 'Failed', error_msg: message });
    expect(stateWhenRecorded).toEqual(['running']);
    expect(await workStates(p.storage)).toEqual([{ state: 'failed', last_error: message }]);
  });
});
