/**
 * A memory's concordance index is built on its first search, on both backends: until then it
 * costs nothing; while it builds, a search waits a little and then answers 503 with the progress
 * in words; the changes committed during the build are all in the index it ends with.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConcordanceResponse } from '../../shared/api/concordance';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import { createTestApp, type TestApp } from '../test-support';
import { restoreInlineCodes } from '../tm';
import { hasConcordance, createConcordantTmIndex } from '../tm/concordance-tm-index';
import type { TmEngine } from './registry';
import { auth, createMemory, importFile, query } from './test-support';

const both = useBothBackends('concordance_build');
/** More than the first slice of a read (250 rows): the build reads in several. */
const UNITS = 600;

/** Holds a build before its slice number `after + 1` until `release`. */
function sliceGate() {
  let started = 0;
  let allowed = Infinity;
  let open = () => {};
  let held = Promise.resolve();
  return {
    beforeSlice: async () => {
      if (++started > allowed) await held;
    },
    hold(after: number) {
      started = 0;
      allowed = after;
      held = new Promise((resolve) => (open = resolve));
    },
    release() {
      allowed = Infinity;
      open();
    },
  };
}

describe.each(BACKENDS)('the concordance index on %s', (kind: Backend) => {
  const gate = sliceGate();
  const engine: TmEngine = {
    createTmIndex: createConcordantTmIndex,
    restoreInlineCodes,
    concordanceBuild: { waitMs: 20, beforeSlice: gate.beforeSlice },
  };
  let t: TestApp;
  let memoryId: number;
  let unitIds: number[];

  beforeAll(async () => {
    t = await createTestApp({ mt: null, storage: both.storage(kind), tmEngine: engine });
    memoryId = (await createMemory(t.app, { name: `Build ${kind}` })).id;
    const rows = Array.from({ length: UNITS }, (_, k) => `Unit ${k + 1} alpha,Unidad ${k + 1}`);
    await importFile(t.app, memoryId, 'units.csv', `source,target\n${rows.join('\n')}\n`);
    const stored = await t.storage.db
      .selectFrom('memory_units')
      .select('id')
      .where('memory_id', '=', memoryId)
      .orderBy('id')
      .execute();
    unitIds = stored.map((row) => row.id);
    // A fuzzy lookup loads the memory's index (the concordance side stays off).
    expect(await query(t.app, memoryId, 'Unit 7 alpha')).not.toEqual([]);
  });
  afterAll(() => t?.close());

  const search = (q: string) =>
    t.app.inject({
      url: `/v2/memories/concordance?id=${memoryId}&q=${encodeURIComponent(q)}&in=both`,
      headers: auth(t.key),
    });
  const lazy = () => {
    const index = t.app.tm.loadedIndex(memoryId);
    if (!index || !hasConcordance(index)) throw new Error('no concordant index loaded');
    return index.concordance;
  };

  /** The answer once the build is over (a 503 is asked again, as the renderer does). */
  async function searchBuilt(q: string): Promise<ConcordanceResponse> {
    for (let attempt = 0; attempt < 500; attempt++) {
      const response = await search(q);
      if (response.statusCode !== 503) {
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      }
      await sleep(10);
    }
    throw new Error('the concordance index was never built');
  }
  const segmentIds = (answer: ConcordanceResponse) =>
    answer.hits.map((hit) => hit.metadata.segment_id);

  it('is not built by a load, and a held build answers 503 with its progress in words', async () => {
    expect(lazy().state).toBe('off');
    expect(lazy().bytes).toBe(0);
    gate.hold(1);
    const first = await search('alpha');
    expect(first.statusCode).toBe(503);
    expect(first.headers['retry-after']).toBe('2');
    expect(first.json().message).toMatch(
      /^Indexing the memory for concordance: [\d,]+ of 600 units$/,
    );
    while (lazy().building!.done < 250) await sleep(5);
    expect((await search('alpha')).json()).toEqual({
      message: 'Indexing the memory for concordance: 250 of 600 units',
    });
  });

  it('ends with every change committed during the build, read or not yet read', async () => {
    expect(lazy().state).toBe('building');
    const [readId, readGoneId] = [unitIds[0]!, unitIds[1]!];
    const [unreadId, unreadGoneId] = [unitIds[400]!, unitIds[401]!];
    await t.app.tm.updateUnit(memoryId, readId, { target: 'Unidad uno cambiada' });
    await t.app.tm.deleteUnit(memoryId, readGoneId);
    await t.app.tm.updateUnit(memoryId, unreadId, { target: 'Unidad cuatro cambiada' });
    await t.app.tm.deleteUnit(memoryId, unreadGoneId);
    const added = await t.app.tm.addUnit(memoryId, {
      source: 'Zebra crossing',
      target: 'Paso de cebra cambiada',
      origin: 'api',
    });
    gate.release();
    const changed = await searchBuilt('cambiada');
    expect(lazy().state).toBe('built');
    expect(new Set(segmentIds(changed))).toEqual(new Set([readId, unreadId, added.id]));
    expect((await searchBuilt('Unit 2 alpha')).hits).toEqual([]);
    expect((await searchBuilt('Unit 402 alpha')).hits).toEqual([]);
    expect(segmentIds(await searchBuilt('Unit 600 alpha'))).toEqual([unitIds[599]]);
    expect((await searchBuilt('Unidad 1')).hits).toEqual([]);
  });

  it('follows adds and removals once built, without a 503', async () => {
    const added = await t.app.tm.addUnit(memoryId, {
      source: 'Yak wool',
      target: 'Lana de yak',
      origin: 'api',
    });
    const found = await search('yak');
    expect(found.statusCode).toBe(200);
    expect(segmentIds(found.json())).toEqual([added.id]);
    await t.app.tm.deleteUnit(memoryId, added.id);
    expect((await search('yak')).json().hits).toEqual([]);
  });

  it('gives up a build whose memory is deleted meanwhile', async () => {
    const other = (await createMemory(t.app, { name: `Deleted ${kind}` })).id;
    const rows = Array.from({ length: UNITS }, (_, k) => `Gone ${k + 1},Ido ${k + 1}`);
    await importFile(t.app, other, 'gone.csv', `source,target\n${rows.join('\n')}\n`);
    expect(await query(t.app, other, 'Gone 7')).not.toEqual([]);
    const index = t.app.tm.loadedIndex(other);
    if (!index || !hasConcordance(index)) throw new Error('no concordant index loaded');
    gate.hold(1);
    const response = await t.app.inject({
      url: `/v2/memories/concordance?id=${other}&q=gone`,
      headers: auth(t.key),
    });
    expect(response.statusCode).toBe(503);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v2/memories?id=${other}`,
      headers: auth(t.key),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    gate.release();
    while (index.concordance.state === 'building') await sleep(5);
    expect(index.concordance.state).toBe('off');
    const gone = await t.app.inject({
      url: `/v2/memories/concordance?id=${other}&q=gone`,
      headers: auth(t.key),
    });
    expect(gone.statusCode).toBe(404);
  });
});
