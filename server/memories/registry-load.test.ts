/**
 * Loading a memory's index and rebuilding it behave the same on both backends (a real SQLite
 * file and a real PostgreSQL): rows in paced slices, the lists a step per turn of the event
 * loop, writes meanwhile kept, and a rebuild that a bulk insert makes due runs in the background
 * while lookups answer from the old lists.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import { createOrganization } from '../db/organizations';
import { createTmIndex, type TmIndexWithStats } from '../tm';
import { importQueries, type UnitInsert } from './import-queries';
import { createMemoryStore } from './queries';
import { createTmRegistry, type TmRegistry } from './registry';
import { sourceHash } from './source-hash';
import { testEngine } from './test-support';
import { unitQueries } from './unit-queries';

const both = useBothBackends('tm_load');
/** More than the first build's 10,000 delta units: the insert makes a rebuild due. */
const LOADED = 4_000;
const INSERTED = 10_500;

const sourceOf = (n: number) => `Unit ${n} opens the settings dialog of page ${n % 97} today`;

describe.each(BACKENDS)('a TM index loads and rebuilds a step at a time on %s', (kind: Backend) => {
  const storage = () => both.storage(kind);
  const registries: TmRegistry[] = [];
  afterEach(async () => {
    await Promise.all(registries.splice(0).map((registry) => registry.close()));
  });

  /** A memory with `count` units, `sourceOf(from..)`; answers its ids in order. */
  async function insertUnits(memoryId: number, from: number, count: number): Promise<number[]> {
    const rows: UnitInsert[] = Array.from({ length: count }, (_, k) => ({
      memory_id: memoryId,
      source: sourceOf(from + k),
      target: `Destino ${from + k}`,
      source_hash: sourceHash(sourceOf(from + k)),
      origin: 'seed',
      created_at: 0,
      updated_at: 0,
    }));
    await storage().transaction(async (tx) => {
      const q = importQueries(tx, kind);
      await q.insertUnits(rows);
      await q.count(memoryId, count, 0);
    });
    const ids = await storage()
      .db.selectFrom('memory_units')
      .select('id')
      .where('memory_id', '=', memoryId)
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    return ids.map((row) => row.id).reverse();
  }

  async function setUp(name: string, buildStepMs?: number) {
    const orgId = await createOrganization(storage().db, `${name}-${kind}`);
    const memory = await createMemoryStore(storage()).create(orgId, {
      name,
      srclang: 'en',
      trglang: 'es',
    });
    const ids = await insertUnits(memory.id, 1, LOADED);
    const indexes: TmIndexWithStats[] = [];
    // Build steps taken so far, over every index; while `held`, a step does nothing (the build
    // waits), so that the test's writes land during the build however slow the database is.
    const steps = { taken: 0, held: false };
    const tm = createTmRegistry(storage(), {
      buildStepMs,
      engine: {
        ...testEngine,
        createTmIndex: (options) => {
          const index = createTmIndex(options);
          const step = index.buildStep.bind(index);
          index.buildStep = (budgetMs) => {
            if (steps.held) return false;
            steps.taken++;
            return step(budgetMs);
          };
          indexes.push(index);
          return index;
        },
      },
    });
    registries.push(tm);
    const best = async (text: string) =>
      (await tm.findMatches(orgId, memory.id, text, { n: 1 }))?.[0];
    return { orgId, memoryId: memory.id, ids, tm, indexes, steps, best };
  }

  it('counts the units an index is sized for', async () => {
    const { memoryId } = await setUp('count');
    const units = unitQueries(storage().db, kind);
    expect(await units.unitCount(memoryId)).toBe(LOADED);
    expect(await units.unitCount(memoryId + 1000)).toBe(0);
  });

  it('builds the lists over many turns, keeping the writes made meanwhile', async () => {
    // Steps of 0 ms: each does the least it can (a few hundred units of one pass), whatever
    // the clock says, so the build takes many turns on any machine.
    const { orgId, memoryId, ids, tm, indexes, steps, best } = await setUp('load', 0);
    const ready = tm.ready(orgId, memoryId);
    const added = await tm.addUnit(memoryId, {
      source: 'A brand new sentence about the printer queue',
      target: 'Una frase nueva',
      origin: 'editor',
    });
    expect(await tm.deleteUnit(memoryId, ids[LOADED - 1]!)).toBe(true);
    // Every row is read once the first step is taken: the lists build from now on. The build
    // waits while the writes below are made (on PostgreSQL under load their round trips could
    // outlast the whole build).
    while (steps.taken === 0) await nextTurn();
    steps.held = true;
    expect(tm.isLoaded(memoryId)).toBe(false);
    // Turns of the event loop from the first step to the end of the build, counted beside the
    // test's own awaits (on a busy machine the build may end while those wait on the database).
    let turns = 0;
    const counted = (async () => {
      while (!tm.isLoaded(memoryId)) {
        turns++;
        await nextTurn();
      }
    })();
    // A lookup meanwhile waits for the build, then answers with what changed during it.
    let answered = false;
    const during = best(sourceOf(10)).then((found) => {
      answered = true;
      return found;
    });
    await tm.updateUnit(memoryId, ids[9]!, { target: 'Destino cambiado' });
    expect(await tm.deleteUnit(memoryId, ids[4]!)).toBe(true);
    expect(tm.isLoaded(memoryId)).toBe(false);
    steps.held = false;
    while (!tm.isLoaded(memoryId)) {
      expect(answered).toBe(false);
      await nextTurn();
    }
    await counted;
    expect(turns).toBeGreaterThan(20);
    expect(steps.taken).toBeGreaterThan(20);
    await ready;

    expect((await during)?.target).toBe('Destino cambiado');
    expect(tm.indexSize(memoryId)).toBe(LOADED - 1);
    expect(indexes[0]!.builds).toBe(1);
    const newest = await best('A brand new sentence about the printer queue');
    expect(newest?.metadata.segment_id).toBe(added.id);
    expect((await best(sourceOf(10)))?.target).toBe('Destino cambiado');
    expect((await best(sourceOf(5)))?.metadata.segment_id).not.toBe(ids[4]);
    expect((await best(sourceOf(LOADED)))?.metadata.segment_id).not.toBe(ids[LOADED - 1]);
    expect((await best(sourceOf(LOADED - 1)))?.score).toBe(100);
  });

  it('rebuilds over many turns after a bulk insert, answering exactly meanwhile', async () => {
    const { orgId, memoryId, ids, tm, indexes, steps, best } = await setUp('rebuild', 0);
    await tm.ready(orgId, memoryId);
    const index = indexes[0]!;
    expect(index.builds).toBe(1);
    const stepsOfLoad = steps.taken;
    const inserted = await insertUnits(memoryId, LOADED + 1, INSERTED);
    await tm.appendCommitted(memoryId, inserted[0]! - 1);
    expect(tm.indexSize(memoryId)).toBe(LOADED + INSERTED);
    // The rebuild is due and runs a step per turn; lookups meanwhile (every tenth turn) answer
    // from the old lists and the delta, and see a unit added and one removed during the rebuild.
    const source = 'Another brand new sentence about the scanner settings';
    let added: number | undefined;
    let lookups = 0;
    for (let turn = 0; index.builds < 2; turn++) {
      if (turn > 100_000) throw new Error('the rebuild never ended');
      if (turn === 0) {
        // At once, before any lookup: on PostgreSQL on a busy machine the rebuild can end
        // within a few lookups' round trips.
        added = (await tm.addUnit(memoryId, { source, target: 'Otra', origin: 'editor' })).id;
        expect(await tm.deleteUnit(memoryId, ids[2]!)).toBe(true);
      }
      if (turn % 10 === 0) {
        lookups++;
        const n = 1 + ((lookups * 997) % (LOADED + INSERTED));
        expect((await best(sourceOf(n)))?.score).toBe(100);
        expect((await best(source))?.metadata.segment_id).toBe(added);
        expect((await best(sourceOf(3)))?.metadata.segment_id).not.toBe(ids[2]);
      }
      await nextTurn();
    }
    expect(steps.taken - stepsOfLoad).toBeGreaterThan(20);
    expect(tm.indexSize(memoryId)).toBe(LOADED + INSERTED);
    expect((await best(source))?.metadata.segment_id).toBe(added);
    expect((await best(sourceOf(3)))?.metadata.segment_id).not.toBe(ids[2]);
    expect((await best(sourceOf(LOADED + INSERTED)))?.metadata.segment_id).toBe(inserted.at(-1));
    expect((await best(sourceOf(7)))?.score).toBe(100);
  });
});
