import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/db';
import { createOrganization } from '../db/organizations';
import { sqliteStorage } from '../db/storage';
import { tempDir } from '../test-support';
import { sourceHash } from './source-hash';
import { createTmRegistry, LOAD_SLICE, type TmRegistry } from './registry';

// Two slices and a quarter, so a load takes several turns.
const UNITS = LOAD_SLICE * 2 + LOAD_SLICE / 4;
/** A unit that the first slice does not read. */
const LATER = LOAD_SLICE + LOAD_SLICE / 2;

const sourceOf = (n: number) => `Unit number ${n} opens the settings dialog of page ${n % 97}`;

describe('the TM registry loads a large memory in slices', () => {
  let dir: string;
  let db: Database;
  let tm: TmRegistry;
  let orgId: number;
  let memoryId: number;

  beforeEach(async () => {
    dir = tempDir();
    db = openDatabase(join(dir, 'wordbench.db'));
    orgId = await createOrganization(sqliteStorage(db).db, 'Acme');
    memoryId = Number(
      db
        .prepare(
          `INSERT INTO memories (org_id, name, srclang, trglang, created_at, updated_at)
           VALUES (?, 'Big', 'en', 'es', 0, 0)`,
        )
        .run(orgId).lastInsertRowid,
    );
    const insert = db.prepare(
      `INSERT INTO memory_units (memory_id, source, target, source_hash, origin, created_at,
         updated_at) VALUES (?, ?, ?, ?, 'seed', 0, 0)`,
    );
    db.transaction(() => {
      for (let n = 1; n <= UNITS; n++) {
        insert.run(memoryId, sourceOf(n), `Destino ${n}`, sourceHash(sourceOf(n)));
      }
    })();
    tm = createTmRegistry(sqliteStorage(db));
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const best = async (text: string) => (await tm.findMatches(orgId, memoryId, text, { n: 1 }))?.[0];

  it('gives other work turns while it loads, and is complete once ready resolves', async () => {
    const ready = tm.ready(orgId, memoryId);
    expect(tm.isLoaded(memoryId)).toBe(false);
    let turns = 0;
    while (!tm.isLoaded(memoryId)) {
      await nextTurn();
      turns += 1;
    }
    await ready;
    // The first slice was read at once; the other two each took a turn of the event loop.
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(tm.indexSize(memoryId)).toBe(UNITS);
    expect((await best(sourceOf(UNITS)))?.score).toBe(100);
  });

  it('keeps changes committed during the load, wherever the load has got to', async () => {
    const ready = tm.ready(orgId, memoryId);
    // The load has started; most rows are not read yet.
    const added = await tm.addUnit(memoryId, {
      source: 'A brand new sentence about the printer queue',
      target: 'Una frase nueva',
      origin: 'editor',
    });
    await tm.updateUnit(memoryId, 10, { target: 'Destino cambiado' });
    expect(await tm.deleteUnit(memoryId, LATER)).toBe(true);
    expect(await tm.deleteUnit(memoryId, 5)).toBe(true);
    await ready;

    expect(tm.indexSize(memoryId)).toBe(UNITS - 1);
    expect((await best('A brand new sentence about the printer queue'))?.metadata.segment_id).toBe(
      added.id,
    );
    expect((await best(sourceOf(10)))?.target).toBe('Destino cambiado');
    expect((await best(sourceOf(LATER)))?.metadata.segment_id).not.toBe(LATER);
    expect((await best(sourceOf(5)))?.metadata.segment_id).not.toBe(5);
  });

  it('answers a lookup made during the load once the load is complete', async () => {
    const ready = tm.ready(orgId, memoryId);
    expect((await best(sourceOf(UNITS - 1)))?.score).toBe(100);
    expect(tm.isLoaded(memoryId)).toBe(true);
    await ready;
    expect(tm.indexSize(memoryId)).toBe(UNITS);
  });

  it('adds the rows of a bulk insert to a loaded index, or loads a memory not loaded yet', async () => {
    await tm.ready(orgId, memoryId);
    const afterId = UNITS;
    const insert = db.prepare(
      `INSERT INTO memory_units (memory_id, source, target, source_hash, origin, created_at,
         updated_at) VALUES (?, ?, 'Importado', ?, 'import', 0, 0)`,
    );
    db.transaction(() => {
      for (let n = 1; n <= LOAD_SLICE * 2; n++) {
        insert.run(memoryId, `Imported line ${n} of the manual`, sourceHash(`x${n}`));
      }
    })();
    await tm.appendCommitted(memoryId, afterId);
    expect(tm.indexSize(memoryId)).toBe(UNITS + LOAD_SLICE * 2);

    tm.drop(memoryId);
    expect(tm.isLoaded(memoryId)).toBe(false);
    await tm.appendCommitted(memoryId, afterId);
    expect(tm.isLoaded(memoryId)).toBe(true);
    expect(tm.indexSize(memoryId)).toBe(UNITS + LOAD_SLICE * 2);
  });

  it('has nothing to wait for with a memory the organization does not have', async () => {
    const otherOrg = await createOrganization(sqliteStorage(db).db, 'Other');
    await tm.ready(otherOrg, memoryId);
    expect(tm.isLoaded(memoryId)).toBe(false);
    expect(await tm.findMatches(otherOrg, memoryId, 'anything')).toBeNull();
  });
});
