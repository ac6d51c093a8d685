/**
 * Documents behave the same on both backends: a real SQLite file and a real PostgreSQL (a
 * throw-away cluster, pg-cluster.ts). The import in slices, the reads, the pretranslation work.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractedSegment } from '../formats/documents';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import { createTmRegistry, type TmRegistry } from '../memories/registry';
import { createWorkQueue, type WorkQueue } from '../work/queue';
import { createDocumentRecords, type DocumentRecords } from './document-store';
import type { NewDocumentImport } from './document-import';
import { importQueries } from './import-queries';
import { registerPretranslation } from './pretranslate-job';
import { seedProject } from './test-support';

const both = useBothBackends('documents');
const opened = new Map<Backend, { records: DocumentRecords; work: WorkQueue; tm: TmRegistry }>();

/** The backend's storage with a started work queue, the TM and the pretranslation work. */
async function backendOf(kind: Backend) {
  const storage = both.storage(kind);
  let parts = opened.get(kind);
  if (!parts) {
    const work = createWorkQueue(storage, { pollMs: 50 });
    const tm = createTmRegistry(storage);
    registerPretranslation(work, { storage, tm, mt: () => null });
    await work.start();
    parts = { records: await createDocumentRecords(storage, work), work, tm };
    opened.set(kind, parts);
  }
  return { storage, ...parts };
}

afterAll(async () => {
  for (const { work, tm } of opened.values()) {
    await work.stop();
    await tm.close();
  }
});

const sentences = (count: number): ExtractedSegment[] =>
  Array.from({ length: count }, (_, index) => ({
    index,
    source: `Sentence ${index} is here.`,
    target: index % 3 === 0 ? `La frase ${index} está aquí.` : null,
    isFuzzy: index % 6 === 0,
    contextKey: `key.${index}`,
    note: null,
  }));

describe.each(BACKENDS)('documents on %s', (kind) => {
  async function newImport(name: string, segments: ExtractedSegment[], skeletonJson = '{}') {
    const { storage } = await backendOf(kind);
    const { orgId, project } = await seedProject(storage, `${name}-${kind}`);
    const input: NewDocumentImport = {
      orgId,
      project,
      name: `${name}.txt`,
      format: 'text',
      skeletonJson,
      segments,
      pretranslate: null,
      autoAccept: false,
    };
    return { orgId, project, input };
  }

  it('imports a document in slices and reads it back, in pages and whole', async () => {
    const { records } = await backendOf(kind);
    const skeletonJson = JSON.stringify({ big: 'x'.repeat(1_500_000) });
    const { orgId, project, input } = await newImport('big', sentences(2_500), skeletonJson);
    const id = (await records.importDocument(input))!;
    expect(await records.header(orgId, id)).toMatchObject({
      id,
      project_id: project.id,
      import_in_progress: false,
      import_succeeded: true,
      is_pretranslating: false,
      status: { pretranslation: 'idle' },
      format: 'text',
      memory_id: project.memory_id,
    });
    expect(await records.skeletonJson(id)).toBe(skeletonJson);
    const first = await records.segments.pageByDocument(id, null, 1_000);
    const second = await records.segments.pageByDocument(id, first[999]!, 2_000);
    expect([first.length, second.length]).toEqual([1_000, 1_500]);
    expect(second[0]!.index).toBe(1_000);
    const whole = (await records.get(orgId, id))!;
    expect(whole.segments.map((s) => s.id)).toEqual([...first, ...second].map((s) => s.id));
    expect(whole.segments.slice(0, 4)).toMatchObject([
      { target: 'La frase 0 está aquí.', is_confirmed: false, target_origin: 'file' },
      { target: '', is_confirmed: false, target_origin: null, context_key: 'key.1' },
      { target: '', srclang: 'en', trglang: 'es', word_count: 4, revision: 1 },
      { target: 'La frase 3 está aquí.', is_confirmed: true, is_reviewed: false },
    ]);
    expect(await records.ref(orgId + 1_000, id)).toBeNull();
    expect(await records.remove(orgId, id)).toBe(true);
    expect(await records.segments.pageByDocument(id, null, 10)).toEqual([]);
    expect(await records.remove(orgId, id)).toBe(false);
  });

  it('stores nothing when the project goes before the import starts', async () => {
    const { storage, records } = await backendOf(kind);
    const { project, input } = await newImport('gone', sentences(10));
    await storage.db.deleteFrom('projects').where('id', '=', project.id).execute();
    expect(await records.importDocument(input)).toBeNull();
    const left = await storage.db
      .selectFrom('documents')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('pretranslates from the memory in batches, through the work queue', async () => {
    const { records, work, tm } = await backendOf(kind);
    const segments = sentences(450).map((s) => ({ ...s, target: null, isFuzzy: false }));
    const { orgId, project, input } = await newImport('pre', segments);
    for (const i of [0, 201, 449]) {
      await tm.addUnit(project.memory_id, {
        source: `Sentence ${i} is here.`,
        target: `Frase ${i}.`,
        contextKey: `key.${i}`,
        origin: 'test',
      });
    }
    const id = (await records.importDocument({ ...input, pretranslate: 'TM', autoAccept: true }))!;
    expect(await records.header(orgId, id)).toMatchObject({
      is_pretranslating: true,
      to_pretranslate: 450,
    });
    await work.idle();
    const done = (await records.get(orgId, id))!;
    expect(done).toMatchObject({ is_pretranslating: false, pretranslated: 450 });
    // The units' own segments: the same key, a context (101) match, confirmed (auto_accept).
    const exact = done.segments.filter((s) => s.is_confirmed);
    expect(exact.map((s) => [s.index, s.target, s.target_origin, s.match_score])).toEqual([
      [0, 'Frase 0.', 'tm', 101],
      [201, 'Frase 201.', 'tm', 101],
      [449, 'Frase 449.', 'tm', 101],
    ]);
    // The others are fuzzy matches of those (similar sentences), drafts.
    const fuzzy = done.segments.filter((s) => s.target !== '' && !s.is_confirmed);
    expect(fuzzy.length).toBeGreaterThan(0);
    expect(fuzzy.every((s) => s.target_origin === 'tm' && s.match_score! < 100)).toBe(true);
  });

  it('discards half-written imports at start (on PostgreSQL only abandoned ones)', async () => {
    const { storage, work } = await backendOf(kind);
    const { orgId, project } = await newImport('half', []);
    const hidden = (updatedAt: number) =>
      storage.db
        .insertInto('documents')
        .values({
          org_id: orgId,
          project_id: project.id,
          name: 'half.txt',
          srclang: 'en',
          trglang: 'es',
          import_in_progress: 1,
          created_at: updatedAt,
          updated_at: updatedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const old = await hidden(0);
    const recent = await hidden(Math.floor(Date.now() / 1000));
    await createDocumentRecords(storage, work);
    const left = await storage.db
      .selectFrom('documents')
      .select('id')
      .where('id', 'in', [old.id, recent.id])
      .execute();
    expect(left).toEqual(kind === 'postgres' ? [recent] : []);
    await importQueries(storage.db).remove(recent.id);
  });
});
