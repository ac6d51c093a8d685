import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../../shared/api/documents';
import { buildApp } from '../app';
import { auth } from '../memories/test-support';
import { createApertiumEngine, type MtEngine } from '../mt/engine';
import { requireApertium } from '../mt/apertium-test-support';
import { createProject, download, getDocument, uploadDocument } from './test-support';
import { ensureBootstrap } from '../db/bootstrap';
import {
  countRows,
  createTestApp,
  reopenableTestDatabase,
  tempDir,
  TEST_KEY,
  type TestApp,
  type TestDatabase,
} from '../test-support';

let t: TestApp;

beforeAll(async () => {
  requireApertium();
  // The app's own Apertium engine (eng-spa and eng-cat installed; no English-German pair).
  t = await createTestApp();
});
afterAll(() => t.close());

const TEXT = 'Open the file. Save the document now. Zebras dance quietly at midnight.';

async function projectWithMemory(app = t.app, trglang = 'es') {
  const project = await createProject(app, { trglang });
  await app.tm.addUnit(project.memory_id, {
    source: 'Open the file.',
    target: 'Abra el archivo.',
    origin: 'test',
  });
  await app.tm.addUnit(project.memory_id, {
    source: 'Save the document.',
    target: 'Guarde el documento.',
    origin: 'test',
  });
  return project;
}

const targets = (document: DocumentWithSegments) =>
  document.segments.map((s) => [s.target, s.target_origin, s.match_score, s.is_confirmed]);

describe('pretranslation', () => {
  it('fills segments from the memory (TM), scores kept, nothing confirmed', async () => {
    const project = await projectWithMemory();
    const answer = await uploadDocument(t.app, project.id, 'a.txt', TEXT, { pretranslate: 'TM' });
    expect(answer).toMatchObject({
      is_pretranslating: true,
      status: { pretranslation: 'pending' },
      pretranslated: 0,
      to_pretranslate: 3,
    });
    await t.app.work.idle();
    const done = await getDocument(t.app, answer.id);
    expect(done).toMatchObject({
      is_pretranslating: false,
      status: { pretranslation: 'idle' },
      pretranslated: 3,
      to_pretranslate: 3,
      pretranslation_error: null,
    });
    const [open, save, zebras] = done.segments;
    expect(open).toMatchObject({
      target: 'Abra el archivo.',
      target_origin: 'tm',
      match_score: 100,
    });
    expect(save).toMatchObject({ target: 'Guarde el documento.', target_origin: 'tm' });
    expect(save!.match_score).toBeGreaterThanOrEqual(75);
    expect(save!.match_score).toBeLessThan(100);
    expect(zebras).toMatchObject({ target: '', target_origin: null, match_score: null });
    expect(done.segments.every((s) => !s.is_confirmed)).toBe(true);
  });

  it('confirms 100% matches with auto_accept', async () => {
    const project = await projectWithMemory();
    const answer = await uploadDocument(t.app, project.id, 'a.txt', TEXT, {
      'lilt-api': JSON.stringify({ pretranslate: 'TM', auto_accept: true }),
    });
    await t.app.work.idle();
    const done = await getDocument(t.app, answer.id);
    expect(done.segments.map((s) => s.is_confirmed)).toEqual([true, false, false]);
  });

  it('prefers the match with the same context (101)', async () => {
    const project = await createProject(t.app);
    await t.app.tm.addUnit(project.memory_id, {
      source: 'Open',
      target: 'Abierto',
      origin: 'test',
    });
    await t.app.tm.addUnit(project.memory_id, {
      source: 'Open',
      target: 'Abrir',
      contextKey: 'menu.open',
      origin: 'test',
    });
    const json = '{"menu": {"open": "Open"}, "state": "Open"}';
    const answer = await uploadDocument(t.app, project.id, 'ui.json', json, {
      pretranslate: 'TM',
      auto_accept: 'true',
    });
    await t.app.work.idle();
    const done = await getDocument(t.app, answer.id);
    expect(targets(done)[0]).toEqual(['Abrir', 'tm', 101, true]);
    // Without that context both units are exact (100) matches.
    expect(targets(done)[1]).toEqual([expect.any(String), 'tm', 100, true]);
  });

  it('fills the rest with Apertium MT (TM+MT, en -> es)', async () => {
    const project = await projectWithMemory();
    const answer = await uploadDocument(t.app, project.id, 'a.txt', TEXT, {
      pretranslate: 'TM+MT',
    });
    await t.app.work.idle();
    const done = await getDocument(t.app, answer.id);
    expect(done.pretranslation_error).toBeNull();
    expect(done.segments[0]).toMatchObject({ target: 'Abra el archivo.', target_origin: 'tm' });
    expect(done.segments[2]).toMatchObject({
      target_origin: 'mt',
      match_score: null,
      is_confirmed: false,
    });
    expect(done.segments[2]!.target).not.toBe('');
    expect(done.segments[2]!.target).not.toBe(done.segments[2]!.source);
  });

  it('without MT for the pair (en -> de) fills TM matches only and says why', async () => {
    const project = await projectWithMemory(t.app, 'de');
    const answer = await uploadDocument(t.app, project.id, 'a.txt', TEXT, {
      pretranslate: 'TM+MT',
    });
    await t.app.work.idle();
    const done = await getDocument(t.app, answer.id);
    expect(done).toMatchObject({ is_pretranslating: false, status: { pretranslation: 'idle' } });
    expect(done.pretranslation_error).toMatch(
      /MT skipped: machine translation does not serve en->de/,
    );
    expect(targets(done)).toEqual([
      ['Abra el archivo.', 'tm', 100, false],
      ['Guarde el documento.', 'tm', done.segments[1]!.match_score, false],
      ['', null, null, false],
    ]);
  });

  it('answers 502 for the file while pretranslating', async () => {
    const paused = await createTestApp({ mt: null, work: { paused: true } });
    try {
      const project = await projectWithMemory(paused.app);
      const answer = await uploadDocument(paused.app, project.id, 'a.txt', TEXT, {
        pretranslate: 'TM',
      });
      for (const isXliff of [true, false]) {
        const file = await download(paused.app, answer.id, isXliff);
        expect(file.statusCode).toBe(502);
        expect(file.json()).toEqual({
          message: `Document ${answer.id} is being pretranslated: try again when it is done`,
        });
      }
      paused.app.work.start();
      await paused.app.work.idle();
      expect((await download(paused.app, answer.id)).statusCode).toBe(200);
    } finally {
      await paused.close();
    }
  });
});

/** A document of 450 segments, each with a 100% match: three batches of work. */
const MANY = 450;
const sentence = (i: number) => `Sentence number ${i} is here.`;
const translation = (i: number) => `La frase número ${i} está aquí.`;

/** An app on `database` (opened anew, as a restarted server does), its data folder in `dir`. */
async function openApp(database: TestDatabase, dir: string, paused: boolean) {
  const { storage, db, close } = await database.open();
  await ensureBootstrap(storage, { key: TEST_KEY });
  const app = await buildApp({
    db,
    storage,
    dataDir: dir,
    mt: null,
    languages: () => ({ source_to_target: {}, code_to_name: {} }),
    work: { paused },
  });
  await app.ready();
  return { app, db: storage.db, close: async () => (await app.close(), await close()) };
}

/**
 * What a kill leaves of a work item: running, attempted, leased to a process that is gone (on
 * PostgreSQL a restart takes over items whose lease ran out; SQLite's takes every running one).
 */
const killedWhileRunning = { state: 'running', owner: 'killed', lease_until: 0 } as const;

describe('pretranslation across a restart', () => {
  it('resumes after a kill with only the segments still to do', async () => {
    const dir = tempDir();
    try {
      const database = await reopenableTestDatabase(dir);
      const first = await openApp(database, dir, true);
      const project = await createProject(first.app);
      for (let i = 0; i < MANY; i++) {
        await first.app.tm.addUnit(project.memory_id, {
          source: sentence(i),
          target: translation(i),
          origin: 'test',
        });
      }
      const json = `{${Array.from({ length: MANY }, (_, i) => `"s${i}": "${sentence(i)}"`).join(',')}}`;
      const answer = await uploadDocument(first.app, project.id, 'many.json', json, {
        pretranslate: 'TM',
      });
      expect(answer.to_pretranslate).toBe(MANY);
      // What a kill after the first batch leaves: the item running, one batch written.
      await first.db
        .updateTable('work_items')
        .set({ ...killedWhileRunning, attempts: 1 })
        .execute();
      await first.db
        .updateTable('documents')
        .set({ pretranslation: 'running', pretranslated: 200, pretranslate_cursor: 199 })
        .where('id', '=', answer.id)
        .execute();
      await first.db
        .updateTable('segments')
        .set({ target: 'before the kill', target_origin: 'tm', match_score: 100 })
        .where('document_id', '=', answer.id)
        .where('idx', '<=', 199)
        .where('idx', '!=', 5)
        .execute();
      await first.close();

      const second = await openApp(database, dir, false);
      await second.app.work.idle();
      const done = await getDocument(second.app, answer.id);
      expect(done).toMatchObject({
        is_pretranslating: false,
        status: { pretranslation: 'idle' },
        pretranslated: MANY,
        pretranslation_error: null,
      });
      done.segments.forEach((segment, i) => {
        const expected = i === 5 ? '' : i < 200 ? 'before the kill' : translation(i);
        expect(segment.target, `segment ${i}`).toBe(expected);
      });
      const item = await second.db.selectFrom('work_items').select('state').executeTakeFirst();
      expect(item).toEqual({ state: 'done' });
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails cleanly when a restart finds it out of attempts', async () => {
    const dir = tempDir();
    try {
      const database = await reopenableTestDatabase(dir);
      const first = await openApp(database, dir, true);
      const project = await createProject(first.app);
      const answer = await uploadDocument(first.app, project.id, 'a.txt', TEXT, {
        pretranslate: 'TM',
      });
      await first.db
        .updateTable('work_items')
        .set((eb) => ({ ...killedWhileRunning, attempts: eb.ref('max_attempts') }))
        .execute();
      await first.close();

      const second = await openApp(database, dir, false);
      await second.app.work.idle();
      const done = await getDocument(second.app, answer.id);
      expect(done).toMatchObject({ is_pretranslating: false, status: { pretranslation: 'idle' } });
      expect(done.pretranslation_error).toMatch(/^Pretranslation failed: interrupted/);
      expect((await download(second.app, answer.id)).statusCode).toBe(200);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Real Apertium whose translations wait for `release`, so a test can act in the middle. */
function gatedEngine(real: MtEngine) {
  let release!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const called = new Promise<void>((resolve) => (entered = resolve));
  const engine: MtEngine = {
    name: real.name,
    pairs: () => real.pairs(),
    supports: (source, target) => real.supports(source, target),
    async translate(pair, segments, options) {
      entered();
      await gate;
      return real.translate(pair, segments, options);
    },
    close: () => real.close(),
  };
  return { engine, release, called };
}

describe('pretranslation of a document deleted meanwhile', () => {
  it.each(['document', 'project'] as const)('ends cleanly when its %s is deleted', async (what) => {
    const real = createApertiumEngine();
    const gated = gatedEngine(real);
    const own = await createTestApp({ mt: gated.engine });
    try {
      const project = await createProject(own.app);
      const answer = await uploadDocument(own.app, project.id, 'a.txt', TEXT, {
        pretranslate: 'TM+MT',
      });
      await gated.called;
      const url =
        what === 'document' ? `/v2/documents?id=${answer.id}` : `/v2/projects?id=${project.id}`;
      const deleted = await own.app.inject({ method: 'DELETE', url, headers: auth(TEST_KEY) });
      expect(deleted.statusCode, deleted.body).toBe(200);
      gated.release();
      await own.app.work.idle();
      expect(
        await own.storage.db.selectFrom('work_items').select(['state', 'last_error']).execute(),
      ).toEqual([{ state: 'done', last_error: null }]);
      expect(await countRows(own.storage.db, 'segments')).toEqual({ n: 0 });
    } finally {
      await own.close();
      await real.close();
    }
  });

  it('never writes into a document uploaded after the deleted one', async () => {
    const real = createApertiumEngine();
    const gated = gatedEngine(real);
    const own = await createTestApp({ mt: gated.engine });
    try {
      const project = await createProject(own.app);
      const first = await uploadDocument(own.app, project.id, 'a.txt', TEXT, {
        pretranslate: 'TM+MT',
      });
      await gated.called;
      const url = `/v2/documents?id=${first.id}`;
      const deleted = await own.app.inject({ method: 'DELETE', url, headers: auth(TEST_KEY) });
      expect(deleted.statusCode, deleted.body).toBe(200);
      // Not pretranslated this time; ids are never handed out again (migration 8).
      const second = await uploadDocument(own.app, project.id, 'b.txt', 'Close the window.');
      expect(second.id).toBeGreaterThan(first.id);
      expect(second.segments[0]!.id).toBeGreaterThan(first.segments[0]!.id);
      gated.release();
      await own.app.work.idle();
      const after = await getDocument(own.app, second.id);
      expect(after.segments.map((s) => [s.source, s.target, s.target_origin])).toEqual([
        ['Close the window.', '', null],
      ]);
      expect(after).toMatchObject({ is_pretranslating: false, pretranslation_error: null });
    } finally {
      await own.close();
      await real.close();
    }
  });
});
