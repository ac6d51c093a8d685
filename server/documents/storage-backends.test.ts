/**
 * Documents behave the same on both backends: a real SQLite file and a real PostgreSQL (a
 * throw-away cluster, pg-cluster.ts). The import in slices, the reads, the pretranslation work.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Segment } from '../../shared/api/segments';
import type { ExtractedSegment } from '../formats/documents';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import { createTmRegistry, type TmRegistry } from '../memories/registry';
import { createWorkQueue, type WorkQueue } from '../work/queue';
import { createDocumentRecords, type DocumentRecords } from './document-store';
import type { NewDocumentImport } from './document-import';
import { importQueries } from './import-queries';
import { pretranslateQueries, type PendingSegment } from './pretranslate-queries';
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

/** Segments at the given indexes, with the given targets (null: none). */
const atIndexes = (indexes: number[], target = (_i: number): string | null => null) =>
  indexes.map((index, i): ExtractedSegment => ({
    index,
    source: `Source ${i}.`,
    target: target(i),
    isFuzzy: false,
    contextKey: null,
    note: null,
  }));

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

  it('reads pages in (index, id) order over gaps, repeated and negative indexes', async () => {
    const { records } = await backendOf(kind);
    const indexes = [-2, 0, 1, 2, 2, 2, 3, 7, 8, 9, 10, 600, 601, 601, 5_000, 5_001, 100_000];
    // Stored in reverse, so the ids of a repeated index do not follow the file's order.
    const { orgId, input } = await newImport('sparse', atIndexes(indexes).reverse());
    const id = (await records.importDocument(input))!;
    const whole = (await records.get(orgId, id))!.segments;
    expect(whole.map((s) => s.index)).toEqual([...indexes].sort((a, b) => a - b));
    for (const limit of [1, 2, 3, 5, 16, 17, 500]) {
      // As the readers do: a page shorter than asked is the last one.
      const read: Segment[] = [];
      for (let after: Segment | null = null; ;) {
        const page = await records.segments.pageByDocument(id, after, limit);
        read.push(...page);
        if (page.length < limit) break;
        after = page[page.length - 1]!;
      }
      expect(read.map((s) => s.id)).toEqual(whole.map((s) => s.id));
    }
  });

  it('stores awkward texts as they are', async () => {
    const { records } = await backendOf(kind);
    const texts = [
      'Say "hi", {x}\\n',
      'NULL',
      '',
      'a,b}{"\\',
      'Ünïcödé 🎉\ttab\nline',
      "It's",
      '  padded ',
      '\\"\\\\',
    ];
    const segments = texts.map((text, index): ExtractedSegment => ({
      index,
      source: `${index}: ${text}`,
      target: text === '' ? null : text,
      isFuzzy: index % 2 === 0,
      contextKey: index === 1 ? 'NULL' : text || null,
      note: index === 0 ? null : text,
    }));
    const { orgId, input } = await newImport('awkward', segments);
    const id = (await records.importDocument(input))!;
    const stored = (await records.get(orgId, id))!.segments;
    expect(stored.map((s) => [s.index, s.source, s.target, s.context_key, s.note])).toEqual(
      segments.map((s) => [s.index, s.source, s.target ?? '', s.contextKey, s.note]),
    );
    expect(stored.map((s) => s.is_confirmed)).toEqual(texts.map((t, i) => t !== '' && i % 2 !== 0));
  });

  it('finds the untranslated segments past a cursor, with their neighbours, in batches', async () => {
    const { storage, records } = await backendOf(kind);
    // Mostly translated, with a long translated run and gaps in the indexes past 2,000.
    const indexes = Array.from({ length: 3_000 }, (_, i) => (i < 2_000 ? i : i * 3));
    const empty = (i: number) => i % 97 === 0 || i > 2_900;
    const { orgId, input } = await newImport(
      'pending',
      atIndexes(indexes, (i) => (empty(i) ? null : `Frase ${i}.`)),
    );
    const id = (await records.importDocument(input))!;
    const whole = (await records.get(orgId, id))!.segments;
    const q = pretranslateQueries(storage.db, storage.dialect);
    for (const limit of [1, 7, 200]) {
      const found: PendingSegment[] = [];
      for (let cursor = -1; ;) {
        const rows = await q.pending(id, cursor, limit);
        if (rows.length === 0) break;
        expect(rows.length).toBeLessThanOrEqual(limit);
        found.push(...rows);
        cursor = rows[rows.length - 1]!.idx;
      }
      expect(found.map((r) => r.id)).toEqual(whole.filter((s) => s.target === '').map((s) => s.id));
    }
    const [first, second] = await q.pending(id, -1, 2);
    expect(first).toMatchObject({ idx: 0, prev_source: null, next_source: 'Source 1.' });
    expect(second).toMatchObject({ idx: 97, prev_source: 'Source 96.', next_source: 'Source 98.' });
    // Past 2,000 the indexes are three apart: no neighbours.
    const [sparse] = await q.pending(id, 2_900 * 3, 1);
    expect(sparse).toMatchObject({ idx: 2_901 * 3, prev_source: null, next_source: null });
    expect(await q.pending(id, 2_999 * 3, 10)).toEqual([]);
  });

  it('fills a batch only where the segment of the document is still empty', async () => {
    const { storage, records } = await backendOf(kind);
    const { orgId, input } = await newImport('fill', atIndexes([0, 1, 2, 3]));
    const id = (await records.importDocument(input))!;
    const other = (await records.importDocument({ ...input, name: 'other.txt' }))!;
    const [a, b, c, untouched] = (await records.get(orgId, id))!.segments;
    const [elsewhere] = (await records.get(orgId, other))!.segments;
    // A translator's edit meanwhile wins.
    await storage.db
      .updateTable('segments')
      .set({ target: 'Edited.' })
      .where('id', '=', b!.id)
      .execute();
    const awkward = 'Say "hi", {x} \\ NULL é 🎉';
    await storage.transaction((tx) =>
      pretranslateQueries(tx, storage.dialect).fill(
        id,
        [
          { id: a!.id, target: awkward, origin: 'tm', score: 101, confirm: true },
          { id: b!.id, target: 'From the TM.', origin: 'tm', score: 80, confirm: false },
          { id: c!.id, target: 'From MT.', origin: 'mt', score: null, confirm: false },
          { id: elsewhere!.id, target: 'Not this one.', origin: 'mt', score: null, confirm: false },
        ],
        1_234,
      ),
    );
    await storage.transaction((tx) => pretranslateQueries(tx, storage.dialect).fill(id, [], 1));
    const after = (await records.get(orgId, id))!.segments;
    const shape = (s: Segment) => [
      s.target,
      s.target_origin,
      s.match_score,
      s.is_confirmed,
      s.revision,
    ];
    expect(after.map(shape)).toEqual([
      [awkward, 'tm', 101, true, 2],
      ['Edited.', null, null, false, 2],
      ['From MT.', 'mt', null, false, 2],
      ['', null, null, false, 1],
    ]);
    expect(after[0]!.updated_at).toBe(1_234);
    expect(after[3]).toEqual(untouched);
    expect((await records.get(orgId, other))!.segments[0]).toEqual(elsewhere);
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
