/**
 * Segment writes behave the same on both backends: a real SQLite file and a real PostgreSQL (a
 * throw-away cluster, pg-cluster.ts). A segment and its unit commit together in `tm.write`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import { createDocumentRecords, type DocumentRecords } from '../documents/document-store';
import { seedProject } from '../documents/test-support';
import { createTmRegistry, type TmRegistry } from '../memories/registry';
import { createWorkQueue } from '../work/queue';
import { createSegmentWrites, type SegmentWrites } from './segment-writes';

const both = useBothBackends('segments');
const opened = new Map<
  Backend,
  { records: DocumentRecords; writes: SegmentWrites; tm: TmRegistry }
>();

async function backendOf(kind: Backend) {
  const storage = both.storage(kind);
  let parts = opened.get(kind);
  if (!parts) {
    const tm = createTmRegistry(storage);
    const records = await createDocumentRecords(storage, createWorkQueue(storage));
    parts = { records, writes: createSegmentWrites(storage, tm), tm };
    opened.set(kind, parts);
  }
  return { storage, ...parts };
}

afterAll(async () => {
  for (const { tm } of opened.values()) await tm.close();
});

describe.each(BACKENDS)('segments on %s', (kind) => {
  /** A document of three sentences in a new organization's project. */
  async function newDocument(name: string) {
    const { storage, records } = await backendOf(kind);
    const { orgId, userId, project } = await seedProject(storage, `${name}-${kind}`);
    const segments = ['Open the file.', 'Save it now.', 'Close the window.'].map(
      (source, index) => ({
        index,
        source,
        target: null,
        contextKey: null,
        note: null,
      }),
    );
    const documentId = (await records.importDocument({
      orgId,
      project,
      name: `${name}.txt`,
      format: 'text',
      skeletonJson: '{}',
      segments,
      pretranslate: null,
      autoAccept: false,
    }))!;
    const ids = (await records.segments.listByDocument(documentId)).map((s) => s.id);
    return { writer: { orgId, userId }, project, documentId, ids };
  }

  const unitsOf = async (memoryId: number) =>
    (await backendOf(kind)).storage.db
      .selectFrom('memory_units')
      .select(['id', 'source', 'target', 'prev_source', 'next_source', 'origin', 'created_by'])
      .where('memory_id', '=', memoryId)
      .orderBy('id')
      .execute();

  it('confirms into the memory with context, rewrites the same unit, keeps drafts out', async () => {
    const { writes, records } = await backendOf(kind);
    const { writer, project, ids } = await newDocument('confirm');
    const saved = await writes.update(writer, { id: ids[1]!, target: 'Guárdelo ahora.' });
    expect(saved).toMatchObject({ target: 'Guárdelo ahora.', is_confirmed: true, revision: 2 });
    const [unit] = await unitsOf(project.memory_id);
    expect(unit).toMatchObject({
      source: 'Save it now.',
      target: 'Guárdelo ahora.',
      prev_source: 'Open the file.',
      next_source: 'Close the window.',
      origin: 'editor',
      created_by: writer.userId,
    });
    expect(saved.memory_unit_id).toBe(unit!.id);
    await writes.update(writer, { id: ids[1]!, target: 'Guárdelo ya.' });
    expect(await unitsOf(project.memory_id)).toMatchObject([
      { id: unit!.id, target: 'Guárdelo ya.' },
    ]);
    const draft = await writes.update(writer, { id: ids[0]!, target: 'Abra', is_confirmed: false });
    expect(draft).toMatchObject({
      is_confirmed: false,
      target_origin: 'user',
      memory_unit_id: null,
    });
    expect(await unitsOf(project.memory_id)).toHaveLength(1);
    expect(await records.segments.get(writer.orgId + 1_000, ids[0]!)).toBeNull();
    await expect(
      writes.update({ ...writer, orgId: writer.orgId + 1_000 }, { id: ids[0]!, target: 'x' }),
    ).rejects.toThrow(`Segment ${ids[0]} not found`);
  });

  it('writes one unit when two confirmations of a segment race', async () => {
    const { writes } = await backendOf(kind);
    const { writer, project, ids } = await newDocument('race');
    const saves = ['Uno.', 'Dos.', 'Tres.'].map((target) =>
      writes.update(writer, { id: ids[2]!, target }),
    );
    await Promise.all(saves);
    expect(await unitsOf(project.memory_id)).toHaveLength(1);
  });

  it('appends at the end of the document, and into a memory alone', async () => {
    const { writes } = await backendOf(kind);
    const { writer, project, documentId } = await newDocument('append');
    const appends = ['Four.', 'Five.'].map((source) =>
      writes.create(writer, { document_id: documentId, source }),
    );
    const appended = (await Promise.all(appends)).flat();
    expect(appended.map((s) => s.index).sort()).toEqual([3, 4]);
    const [alone] = await writes.create(writer, {
      memory_id: project.memory_id,
      source: 'Hello.',
      target: 'Hola.',
    });
    expect(alone).toMatchObject({ document_id: null, index: 0, is_confirmed: true, revision: 1 });
    expect((await unitsOf(project.memory_id)).map((u) => u.origin)).toEqual(['api']);
    await expect(
      writes.create(writer, { memory_id: project.memory_id + 1_000, source: 'x' }),
    ).rejects.toThrow('not found');
    expect(await writes.remove(writer, alone!.id)).toBe(true);
    expect(await unitsOf(project.memory_id)).toEqual([]);
    await expect(writes.remove(writer, alone!.id)).rejects.toThrow('not found');
  });

  it('unlocks only the organization’s segments, in the order given', async () => {
    const { storage, writes } = await backendOf(kind);
    const mine = await newDocument('unlock');
    const theirs = await newDocument('unlock-other');
    const all = [...mine.ids, ...theirs.ids];
    await storage.db
      .updateTable('segments')
      .set({ is_reviewed: 1 })
      .where('id', 'in', all)
      .execute();
    const [a, b] = mine.ids as [number, number];
    expect(await writes.unlock(mine.writer.orgId, [b, theirs.ids[0]!, a, b, 999_999])).toEqual([
      b,
      a,
    ]);
    const reviewed = await storage.db
      .selectFrom('segments')
      .select(['id', 'is_reviewed'])
      .where('id', 'in', all)
      .orderBy('id')
      .execute();
    expect(reviewed.filter((s) => s.is_reviewed === 0).map((s) => s.id)).toEqual([a, b]);
  });
});
