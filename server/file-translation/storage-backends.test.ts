/**
 * The file translation store behaves the same on both backends: a real SQLite file and a real
 * PostgreSQL (a throw-away cluster, pg-cluster.ts). The pipeline on both: pipeline-backends.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import { createWorkQueue } from '../work/queue';
import { newTranslation, seedOrganization } from './test-support';
import type { StoredTarget } from './translation-row';
import { createTranslationStore } from './translation-store';

const both = useBothBackends('file_translation');

/** The store over the backend, with a queue whose items nothing runs (its worker is not started). */
function backendOf(kind: Backend) {
  const storage = both.storage(kind);
  return { storage, store: createTranslationStore(storage), work: createWorkQueue(storage) };
}

// Targets are written as one JSON parameter the database reads (queries.ts): text that JSON escapes.
const TRICKY = `again: "quoted" \\ back\nslash, <g id="1">ñ</g> 😀 \u0001 end`;
const target = (idx: number, origin: 'tm' | 'mt', text = `t${idx}`): StoredTarget => ({
  idx,
  target: text,
  origin,
  score: origin === 'tm' ? 100 : null,
});

describe.each(BACKENDS)('file translation storage on %s', (kind) => {
  const KIND = 'translate-file-store-test';

  it('creates translations with their work in one transaction, or neither', async () => {
    const { storage, store, work } = backendOf(kind);
    const { orgId, memoryId } = await seedOrganization(storage, `create-${kind}`);
    const created = await store.create(
      [newTranslation(orgId, 1, memoryId), newTranslation(orgId, 2, memoryId)],
      (tx, id) => work.enqueueIn(tx, KIND, { translationId: id }),
    );
    expect(created.map((row) => [row.file_id, row.status, row.with_tm])).toEqual([
      [1, 'InProgress', 0],
      [2, 'InProgress', 0],
    ]);
    expect(created[0]).toMatchObject({ segments_done: 0, tm_threshold: 75, result_sha256: null });
    const payloads = async () =>
      (
        await storage.db
          .selectFrom('work_items')
          .select('payload')
          .where('kind', '=', KIND)
          .execute()
      )
        .map((row) => JSON.parse(row.payload) as { translationId: number })
        .map((payload) => payload.translationId);
    expect(await payloads()).toEqual(expect.arrayContaining(created.map((row) => row.id)));
    const before = await payloads();

    const refused = store.create(
      [newTranslation(orgId, 3, memoryId), newTranslation(orgId, 4, memoryId)],
      async (tx, id) => {
        await work.enqueueIn(tx, KIND, { translationId: id });
        if (id > created[1]!.id + 1) throw new Error('no room');
      },
    );
    await expect(refused).rejects.toThrow('no room');
    expect(await payloads()).toEqual(before);
    expect(await store.list(orgId, { fromTime: 0 })).toHaveLength(2);
  });

  it('lists by ids, status and time, newest first, only the organization’s own', async () => {
    const { storage, store } = backendOf(kind);
    const { orgId, memoryId } = await seedOrganization(storage, `list-${kind}`);
    const other = await seedOrganization(storage, `list-other-${kind}`);
    const rows = await store.create(
      [1, 2, 3].map((fileId) => newTranslation(orgId, fileId, memoryId)),
      async () => undefined,
    );
    const [foreign] = await store.create(
      [newTranslation(other.orgId, 1, other.memoryId)],
      async () => undefined,
    );
    const [a, b, c] = rows.map((row) => row.id) as [number, number, number];
    await storage.db
      .updateTable('file_translations')
      .set({ created_at: 100 })
      .where('id', '=', a)
      .execute();
    await storage.db
      .updateTable('file_translations')
      .set({ created_at: 200 })
      .where('id', 'in', [b, c])
      .execute();
    await store.markFailed(b, 'broken');
    const ids = async (filter: Parameters<typeof store.list>[1]) =>
      (await store.list(orgId, filter)).map((row) => row.id);
    expect(await ids({ fromTime: 0 })).toEqual([c, b, a]);
    expect(await ids({ ids: [a, c, foreign!.id] })).toEqual([c, a]);
    expect(await ids({ ids: [] })).toEqual([]);
    expect(await ids({ status: 'Failed' })).toEqual([b]);
    expect(await ids({ fromTime: 100, toTime: 200 })).toEqual([a]);
    expect(await ids({ fromTime: 200, status: 'InProgress' })).toEqual([c]);
    expect(await store.getInOrg(orgId, a)).toMatchObject({ id: a, created_at: 100 });
    expect(await store.getInOrg(orgId, foreign!.id)).toBeNull();
    expect(await store.get(foreign!.id)).toMatchObject({ org_id: other.orgId });
    expect(await store.memory(orgId, memoryId)).toEqual({ srclang: 'en', trglang: 'es' });
    expect(await store.memory(orgId, other.memoryId)).toBeNull();
    expect(await store.files(orgId, [])).toEqual(new Map());
  });

  it('stores batches with the progress, and restarts the count from what is stored', async () => {
    const { storage, store } = backendOf(kind);
    const { orgId, memoryId } = await seedOrganization(storage, `batches-${kind}`);
    const [row] = await store.create([newTranslation(orgId, 1, memoryId)], async () => undefined);
    const id = row!.id;
    await store.markRead(id, { format: 'txt', total: 6, settled: 1 }, 'a warning');
    expect(await store.get(id)).toMatchObject({
      format: 'txt',
      segments_total: 6,
      segments_done: 1,
      warning: 'a warning',
    });
    expect(await store.writeBatch(id, [target(1, 'tm'), target(2, 'mt')], 2)).toBe(true);
    expect(await store.writeBatch(id, [target(3, 'mt')], 1)).toBe(true);
    expect(await store.get(id)).toMatchObject({ segments_done: 4, tm_segments: 1, mt_segments: 2 });
    // A run that starts again reads the file again: the count is what is stored, plus settled.
    expect(await store.writeBatch(id, [target(2, 'tm', TRICKY)], 1)).toBe(true);
    await store.markRead(id, { format: 'txt', total: 6, settled: 1 }, null);
    expect(await store.get(id)).toMatchObject({
      segments_done: 4,
      tm_segments: 2,
      mt_segments: 1,
      warning: null,
    });
    const stored = (await store.targets(id)).sort((x, y) => x.idx - y.idx);
    expect(stored).toEqual([target(1, 'tm'), target(2, 'tm', TRICKY), target(3, 'mt')]);
  });

  it('a failure drops the targets and ends the batches; ready and downloaded follow their order', async () => {
    const { storage, store } = backendOf(kind);
    const { orgId, memoryId } = await seedOrganization(storage, `ends-${kind}`);
    const [failing, readying] = await store.create(
      [newTranslation(orgId, 1, memoryId), newTranslation(orgId, 2, memoryId)],
      async () => undefined,
    );
    await store.writeBatch(failing!.id, [target(0, 'mt')], 1);
    expect(await store.markFailed(failing!.id, 'The reason')).toBe(true);
    expect(await store.markFailed(failing!.id, 'Another reason')).toBe(false);
    expect(await store.writeBatch(failing!.id, [target(1, 'mt')], 1)).toBe(false);
    expect(await store.targets(failing!.id)).toEqual([]);
    expect(await store.get(failing!.id)).toMatchObject({
      status: 'Failed',
      error_msg: 'The reason',
    });

    expect(await store.markDownloaded(readying!.id)).toBe(false);
    await store.markRead(readying!.id, { format: 'txt', total: 2, settled: 0 }, null);
    await store.writeBatch(readying!.id, [target(0, 'mt')], 1);
    const sha256 = 'a'.repeat(64);
    await storage.db.insertInto('blobs').values({ sha256, size: 1, created_at: 0 }).execute();
    const ready = await storage.transaction((tx) => store.markReady(tx, readying!.id, sha256));
    expect(ready).toBe(true);
    expect(await store.targets(readying!.id)).toEqual([]);
    expect(await store.get(readying!.id)).toMatchObject({
      status: 'ReadyForDownload',
      segments_done: 2,
      result_sha256: sha256,
    });
    expect(await storage.transaction((tx) => store.markReady(tx, readying!.id, sha256))).toBe(
      false,
    );
    expect(await store.markFailed(readying!.id, 'late')).toBe(false);
    expect(await store.markDownloaded(readying!.id)).toBe(true);
    expect(await store.markDownloaded(readying!.id)).toBe(false);
    expect((await store.get(readying!.id))?.status).toBe('Completed');
  });
});
