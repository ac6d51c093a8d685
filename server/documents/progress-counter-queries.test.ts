/**
 * The documents' stored progress counters stay equal to a recount of their segments after every
 * kind of write, and concurrent writers of one document do not deadlock on PostgreSQL (this file
 * runs in both test projects: vitest.config.ts POSTGRES_API_TESTS).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../../shared/api/documents';
import type { Project } from '../../shared/api/projects';
import { auth } from '../memories/test-support';
import { v14 } from '../db/migrations/014-document-progress';
import { v8 } from '../db/pg-migrations/008-document-progress';
import { createTestApp, TEST_KEY, type TestApp } from '../test-support';
import { NO_COUNTERS, progressCounters } from './progress-counter-queries';
import { createProject, getDocument, saveTarget, uploadDocument } from './test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
});
afterAll(() => t.close());

const counters = () => progressCounters(t.storage.db, t.storage.dialect);
const drifted = () => counters().drifted();

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(TEST_KEY), payload });

async function ok(response: Awaited<ReturnType<typeof send>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A project whose memory translates "Sentence i is here." for i below `count`. */
async function projectWithUnits(count: number): Promise<Project> {
  const project = await createProject(t.app);
  for (let i = 0; i < count; i++) {
    await t.app.tm.addUnit(project.memory_id, {
      source: `Sentence ${i} is here.`,
      target: `La frase ${i} está aquí.`,
      origin: 'test',
    });
  }
  return project;
}

const sentences = (count: number) =>
  Array.from({ length: count }, (_, i) => `Sentence ${i} is here.`).join('\n');

const pretranslated = { 'lilt-api': JSON.stringify({ pretranslate: 'TM', auto_accept: true }) };

describe('progress counters', () => {
  it('equal a recount after every kind of segment write', async () => {
    const project = await projectWithUnits(4);
    const text = `${sentences(6)}\nNothing like it in the memory.`;
    const a = await uploadDocument(t.app, project.id, 'a.txt', text, pretranslated);
    const b = await uploadDocument(t.app, project.id, 'b.txt', 'One. Two words here.');
    await t.app.work.idle();
    expect(await drifted()).toEqual([]);
    const loaded = await getDocument(t.app, a.id);
    expect(loaded).toMatchObject({ segments_total: 7, segments_confirmed: 4 });

    const [first, second, third] = loaded.segments;
    await saveTarget(t.app, { id: first!.id, target: 'Borrador', is_confirmed: false });
    await saveTarget(t.app, { id: third!.id, target: 'Confirmada.' });
    await saveTarget(t.app, { id: third!.id, target: 'Otra vez.' });
    expect(await drifted()).toEqual([]);

    await ok(
      await send('PUT', '/v2/documents/segments', {
        document_id: a.id,
        segments: [
          { id: first!.id, target: 'Ya.', expected_target: 'Borrador' },
          { id: second!.id, target: '', expected_target: second!.target, is_confirmed: false },
        ],
      }),
    );
    await ok(await send('POST', '/v2/segments', { document_id: a.id, source: 'Added. And more.' }));
    await ok(
      await send('POST', '/v2/segments', { document_id: b.id, source: 'New.', target: 'Nueva.' }),
    );
    const loose = await ok(
      await send('POST', '/v2/segments', {
        memory_id: project.memory_id,
        source: 'Loose.',
        target: 'Suelta.',
      }),
    );
    await ok(await send('DELETE', `/v2/segments?id=${(loose as { id: number }).id}`));
    expect(await drifted()).toEqual([]);

    // A reviewer's write as the workflow would do it: the row and its counter together.
    await t.storage.transaction(async (tx) => {
      await tx
        .updateTable('segments')
        .set({ is_reviewed: 1 })
        .where('id', 'in', [first!.id, third!.id])
        .execute();
      await progressCounters(tx, t.storage.dialect).adjust(a.id, {
        ...NO_COUNTERS,
        segments_reviewed: 2,
      });
    });
    await ok(
      await send('POST', '/segments/review/unlock', {
        segmentIds: [first!.id, second!.id, first!.id],
      }),
    );
    expect(await drifted()).toEqual([]);

    const shown = await getDocument(t.app, a.id);
    const confirmed = shown.segments.filter((s) => s.is_confirmed);
    expect(shown).toMatchObject({
      segments_total: shown.segments.length,
      segments_confirmed: confirmed.length,
      words_total: shown.segments.reduce((sum, s) => sum + s.word_count, 0),
      words_confirmed: confirmed.reduce((sum, s) => sum + s.word_count, 0),
    });
    const listed = await t.app.inject({
      url: `/v2/projects?id=${project.id}`,
      headers: auth(TEST_KEY),
    });
    const [listedProject] = listed.json<Project[]>();
    const other = await getDocument(t.app, b.id);
    expect(listedProject).toMatchObject({
      segments_total: shown.segments_total + other.segments_total,
      words_confirmed: shown.words_confirmed + other.words_confirmed,
    });

    await ok(await send('DELETE', `/v2/documents?id=${b.id}`));
    expect(await drifted()).toEqual([]);
  });

  it('stay exact, without deadlocks, as pretranslation and saves write a document', async () => {
    const count = 1000;
    const project = await projectWithUnits(count);
    const document: DocumentWithSegments = await uploadDocument(
      t.app,
      project.id,
      'many.txt',
      sentences(count),
      pretranslated,
    );
    // Until the work has filled the document, 200 segments a transaction, waves of single and
    // batch saves of segments all over it: some it has not reached yet, some it is writing.
    const ids = document.segments.map((s) => s.id);
    let finished = false;
    const idle = t.app.work.idle().then(() => {
      finished = true;
    });
    for (let wave = 0; !finished && wave < 200; wave++) {
      const at = (k: number) => ids[(wave * 131 + k * 257) % count]!;
      const batch = [at(3), at(4)];
      await Promise.all([
        ...[0, 1, 2].map((k) =>
          send('PUT', '/v2/segments', {
            id: at(k),
            target: `Mía ${wave}.`,
            is_confirmed: (wave + k) % 3 !== 0,
          }).then(ok),
        ),
        send('PUT', '/v2/documents/segments', {
          document_id: document.id,
          segments: batch.map((id) => ({
            id,
            target: 'Lote.',
            expected_target: '',
            is_confirmed: true,
          })),
        }).then(ok),
      ]);
    }
    await idle;
    expect(await drifted()).toEqual([]);
    // A deadlock aborts a batch, which the queue would retry or fail: each item ran once, whole.
    const troubled = await t.storage.db
      .selectFrom('work_items')
      .select(['kind', 'state', 'attempts', 'last_error'])
      .where((eb) => eb.or([eb('attempts', '>', 1), eb('state', '<>', 'done')]))
      .execute();
    expect(troubled).toEqual([]);
    const done = await getDocument(t.app, document.id);
    expect(done.segments_confirmed).toBe(done.segments.filter((s) => s.is_confirmed).length);
    expect(done.pretranslated).toBeGreaterThan(0);
  });

  it('are filled from the segments by the migration', async () => {
    const project = await projectWithUnits(2);
    await uploadDocument(t.app, project.id, 'm.txt', sentences(3), pretranslated);
    await t.app.work.idle();
    await t.storage.db
      .updateTable('documents')
      .set({ segments_total: 0, segments_confirmed: 0, words_total: 0, words_confirmed: 0 })
      .execute();
    expect(await drifted()).not.toEqual([]);
    const up = t.storage.dialect === 'postgres' ? v8.up : v14.up;
    if (typeof up !== 'string') throw new Error('the migration is SQL text');
    // The migration's fill alone (its columns are there already).
    await sql.raw(up.slice(up.indexOf('UPDATE documents'))).execute(t.storage.db);
    expect(await drifted()).toEqual([]);
  });
});
