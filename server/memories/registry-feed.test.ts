/**
 * Two server processes on one PostgreSQL database, simulated as two registries over two pools:
 * what one writes reaches the other's loaded index through the change feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBothBackends } from '../db/backends-test-support';
import { createOrganization } from '../db/organizations';
import { openPostgresStorage, type Storage } from '../db/storage';
import { createMemoryStore } from './queries';
import { createTmRegistry, type TmRegistry } from './registry';
import { until } from '../until-test-support';

const both = useBothBackends('tm_feed');
let closeDatabase: () => Promise<void>;
let storageA: Storage;
let storageB: Storage;
let a: TmRegistry;
let b: TmRegistry;
let orgId: number;

beforeAll(async () => {
  const fresh = await both.fresh('postgres', 'tm_feed_shared');
  closeDatabase = fresh.close;
  storageA = fresh.storage;
  storageB = await openPostgresStorage(fresh.url!);
  a = createTmRegistry(storageA);
  b = createTmRegistry(storageB);
  orgId = await createOrganization(storageA.db, 'Acme');
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await storageB?.close();
  await closeDatabase?.();
});

describe('the TM registry follows other processes on PostgreSQL', () => {
  it('finds units added, changed and deleted through another process', async () => {
    const memory = await createMemoryStore(storageA).create(orgId, {
      name: 'Shared',
      srclang: 'en',
      trglang: 'es',
    });
    const text = 'Right-click the sheet tab to rename the sheet.';
    // B's index is loaded (empty) before A writes: only the feed can bring the unit.
    await b.ready(orgId, memory.id);
    expect(b.isLoaded(memory.id)).toBe(true);
    // A's own index gets the unit at its commit, then again from the feed: no harm.
    await a.ready(orgId, memory.id);
    const best = async () => (await b.findMatches(orgId, memory.id, text))?.[0];

    const unit = await a.addUnit(memory.id, { source: text, target: 'Renombre.', origin: 'api' });
    await until(async () => (await best())?.score === 100, 'the added unit');
    expect(await best()).toMatchObject({ target: 'Renombre.', metadata: { segment_id: unit.id } });
    expect(a.indexSize(memory.id)).toBe(1);

    // The index holds sources (targets are read from the rows): a new source shows the update.
    const changed = 'Double-click the sheet tab to rename it.';
    await a.updateUnit(memory.id, unit.id, { source: changed, target: 'Cambie el nombre.' });
    await until(
      async () => (await b.findMatches(orgId, memory.id, changed))?.[0]?.score === 100,
      'the update',
    );

    await a.deleteUnit(memory.id, unit.id);
    await until(async () => b.indexSize(memory.id) === 0, 'the delete');
    expect(await b.findMatches(orgId, memory.id, changed)).toEqual([]);
  });

  it('drops the index of a memory another process deleted', async () => {
    const memory = await createMemoryStore(storageA).create(orgId, {
      name: 'Doomed',
      srclang: 'en',
      trglang: 'es',
    });
    await a.addUnit(memory.id, { source: 'Open the file.', target: 'Abra.', origin: 'api' });
    await b.ready(orgId, memory.id);
    expect(b.indexSize(memory.id)).toBe(1);
    expect(await createMemoryStore(storageA).remove(orgId, memory.id)).toMatchObject({
      status: 'deleted',
    });
    await until(async () => !b.isLoaded(memory.id), 'the memory-deleted change');
    expect(await b.findMatches(orgId, memory.id, 'Open the file.')).toBeNull();
  });

  it('brings a bulk insert of another process into a loaded index', async () => {
    const memory = await createMemoryStore(storageA).create(orgId, {
      name: 'Bulk',
      srclang: 'en',
      trglang: 'es',
    });
    await b.ready(orgId, memory.id);
    const rows = Array.from({ length: 2_500 }, (_, n) => ({
      memory_id: memory.id,
      source: `Imported line ${n} of the manual`,
      target: `Línea ${n}`,
      source_hash: n,
      origin: 'import',
      created_at: 0,
      updated_at: 0,
    }));
    await storageA.transaction((tx) => tx.insertInto('memory_units').values(rows).execute());
    await until(async () => b.indexSize(memory.id) === 2_500, 'the imported units');
    const [match] = (await b.findMatches(orgId, memory.id, 'Imported line 1234 of the manual'))!;
    expect(match).toMatchObject({ score: 100, target: 'Línea 1234' });
  });
});
