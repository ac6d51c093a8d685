/**
 * Memories, their units, tasks, imports and the TM registry behave the same on both backends: a
 * real SQLite file and a real PostgreSQL (a throw-away cluster, pg-cluster.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import { createOrganization } from '../db/organizations';
import { applyStaged, RECORDS_PER_TRANSACTION } from './apply-import';
import { createMemoryStore } from './queries';
import { createTmRegistry } from './registry';
import { openStaging } from './staging';
import { taskQueries } from './task-queries';
import { createTermHitFinder } from './termbase-hits';
import { termQueries } from './term-queries';

const both = useBothBackends('memories');

describe.each(BACKENDS)('memories on %s', (kind: Backend) => {
  const storage = () => both.storage(kind);
  const newOrg = (name: string) => createOrganization(storage().db, `${name}-${kind}`);
  const newMemory = async (orgId: number, name = 'M') =>
    createMemoryStore(storage()).create(orgId, { name, srclang: 'en', trglang: 'es' });

  it('creates, lists, renames and deletes memories, scoped to the organization', async () => {
    const memories = createMemoryStore(storage());
    const orgId = await newOrg('store');
    const other = await newOrg('store-other');
    const a = await newMemory(orgId, 'A');
    const b = await newMemory(orgId, 'B');
    expect(a).toMatchObject({ name: 'A', is_processing: false, num_segments: 0, version: 1 });
    expect((await memories.list(orgId)).map((m) => m.id)).toEqual([a.id, b.id]);
    expect(await memories.get(other, a.id)).toBeNull();
    expect(await memories.rename(other, a.id, 'X')).toBeNull();
    expect(await memories.rename(orgId, a.id, 'A2', 99)).toMatchObject({
      name: 'A2',
      updated_at: 99,
    });
    const project = await storage()
      .db.insertInto('projects')
      .values({
        org_id: orgId,
        memory_id: b.id,
        name: 'P',
        srclang: 'en',
        trglang: 'es',
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await memories.remove(orgId, b.id)).toEqual({ status: 'in-use', projectCount: 1 });
    await storage().db.deleteFrom('projects').where('id', '=', project.id).execute();
    expect(await memories.remove(other, b.id)).toEqual({ status: 'not-found' });
    expect(await memories.remove(orgId, b.id)).toEqual({ status: 'deleted', blobs: [] });
    expect(await memories.get(orgId, b.id)).toBeNull();
  });

  it('keeps tasks: one export at a time, progress, the end and its blob', async () => {
    const orgId = await newOrg('tasks');
    const memory = await newMemory(orgId);
    const tasks = taskQueries(storage().db, kind);
    // Rows that point at blobs need the blobs' rows (the bytes are the blob store's business).
    const [a, b, d] = ['a', 'b', 'd'].map((c) => `${c.repeat(63)}${kind === 'sqlite' ? 1 : 2}`);
    await storage()
      .db.insertInto('blobs')
      .values([a!, b!, d!].map((sha256) => ({ sha256, size: 1, created_at: 0 })))
      .execute();
    const exportId = await tasks.createTermbaseExport(memory.id, null);
    expect(exportId).not.toBeNull();
    expect(await tasks.createTermbaseExport(memory.id, null)).toBeNull();
    expect(await tasks.isExporting(memory.id)).toBe(true);
    expect((await createMemoryStore(storage()).get(orgId, memory.id))?.is_processing).toBe(true);
    expect(await tasks.markRunning(exportId!)).toBe(true);
    expect(await tasks.finish(exportId!, { state: 'done' })).toBeNull();
    expect(await tasks.markRunning(exportId!)).toBe(false);
    expect(await tasks.setTermbaseBlob(memory.id, a!)).toBeNull();
    expect(await tasks.setTermbaseBlob(memory.id, b!)).toBe(a);
    expect(await tasks.setTermbaseBlob(memory.id, b!)).toBeNull();
    expect(await tasks.setTermbaseBlob(999_999, a!)).toBeUndefined();
    expect(await tasks.termbaseBlob(memory.id)).toBe(b);

    const importId = await tasks.createImport({
      memoryId: memory.id,
      name: 'a.tmx',
      options: { skipDuplicates: true },
      sha256: d!,
      userId: null,
    });
    await tasks.addProgress(importId, 5, 2);
    await tasks.addProgress(importId, 1, 0);
    expect(await tasks.get(importId)).toMatchObject({ state: 'queued', added: 6, skipped: 2 });
    expect(await tasks.finish(importId, { state: 'done', added: 6, skipped: 3 })).toBe(d);
    expect(await tasks.get(importId)).toMatchObject({ state: 'done', blob_sha256: null });
  });

  it('writes units through the registry, and matches them after the commit only', async () => {
    const orgId = await newOrg('registry');
    const memory = await newMemory(orgId);
    const tm = createTmRegistry(storage());
    const text = 'Select the cells that you want to copy.';
    expect(await tm.findMatches(orgId, memory.id, text)).toEqual([]);
    const unit = await tm.addUnit(memory.id, { source: text, target: 'Copie.', origin: 'api' });
    const [match] = (await tm.findMatches(orgId, memory.id, text)) ?? [];
    expect(match).toMatchObject({
      score: 100,
      target: 'Copie.',
      metadata: { segment_id: unit.id, memory_name: 'M', origin: 'api' },
    });
    expect(await tm.updateUnit(memory.id, unit.id, { target: 'Copiar.' })).toMatchObject({
      target: 'Copiar.',
    });
    expect((await tm.findMatches(orgId, memory.id, text))?.[0]?.target).toBe('Copiar.');
    // A transaction that fails changes neither the rows nor the index.
    await expect(
      tm.write(async (w) => {
        await w.add(memory.id, { source: 'Rolled back.', target: 'No.', origin: 'api' });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await tm.findMatches(orgId, memory.id, 'Rolled back.')).toEqual([]);
    expect(await tm.deleteUnit(memory.id, unit.id)).toBe(true);
    expect(await tm.deleteUnit(memory.id, unit.id)).toBe(false);
    expect(await tm.findMatches(orgId, memory.id, text)).toEqual([]);
    expect(await createMemoryStore(storage()).get(orgId, memory.id)).toMatchObject({
      num_segments: 0,
      version: 4,
    });
    expect(await tm.findMatches(await newOrg('registry-other'), memory.id, text)).toBeNull();
    await tm.close();
  });

  it('applies a staged import in bounded transactions, skipping duplicates, resumable', async () => {
    const orgId = await newOrg('import');
    const memory = await newMemory(orgId);
    const dir = join(both.dir, `staging-${kind}`);
    mkdirSync(dir, { recursive: true });
    const count = RECORDS_PER_TRANSACTION * 2 + 10;
    const units = Array.from({ length: count }, (_, n) => ({
      source: `Sentence ${n % (count - 5)}`,
      target: `Frase ${n % (count - 5)}`,
    }));
    const staging = openStaging(dir);
    staging.addUnits(units);
    staging.addTerms([
      { source: 'cell', target: 'celda', extra: { pos: 'noun' } },
      { source: 'cell', target: 'celda' },
      { source: 'sheet', target: 'hoja', extra: { note: 'n', pos: 'noun' } },
    ]);
    staging.finishReading();
    const ends: Array<number | null> = [];
    const progress: number[] = [];
    const apply = (earlier = { added: 0, duplicates: 0 }) =>
      applyStaged(storage(), staging, {
        memoryId: memory.id,
        origin: 'import.csv',
        userId: null,
        skipDuplicates: true,
        now: 50,
        earlier,
        recordProgress: async (_tx, step) => void progress.push(step.added + step.duplicates),
        recordEnd: async (_tx, applied) => void ends.push(applied?.added ?? null),
      });
    const applied = await apply();
    // Five units repeat earlier rows of the file; one term repeats the first.
    expect(applied).toMatchObject({ added: count - 5 + 2, duplicates: 6 });
    expect(progress).toEqual([RECORDS_PER_TRANSACTION, RECORDS_PER_TRANSACTION, 13]);
    expect(ends).toEqual([count - 5 + 2]);
    const after = await createMemoryStore(storage()).get(orgId, memory.id);
    expect(after).toMatchObject({ num_segments: count - 5, num_terms: 2, version: 2 });
    // Resumed after the first transaction: the rest is all duplicates now.
    progress.length = 0;
    const resumed = await apply({ added: RECORDS_PER_TRANSACTION, duplicates: 0 });
    expect(resumed).toMatchObject({ added: RECORDS_PER_TRANSACTION, afterId: 0 });
    expect(progress).toEqual([RECORDS_PER_TRANSACTION, 13]);
    expect(await termQueries(storage().db, kind).extraNames(memory.id)).toEqual(['note', 'pos']);
    const hits = await createTermHitFinder(storage()).find(orgId, memory.id, 'A cell in a sheet');
    expect(hits?.map((hit) => hit.target)).toEqual(['celda', 'hoja']);

    const tm = createTmRegistry(storage());
    await tm.appendCommitted(memory.id, applied!.afterId);
    expect(tm.indexSize(memory.id)).toBe(count - 5);
    expect((await tm.findMatches(orgId, memory.id, 'Sentence 42'))?.[0]?.score).toBe(100);
    await tm.close();
    staging.discard();
  });

  it('records nothing but the end when the memory is gone', async () => {
    const orgId = await newOrg('gone');
    const memory = await newMemory(orgId);
    await createMemoryStore(storage()).remove(orgId, memory.id);
    const dir = join(both.dir, `staging-gone-${kind}`);
    mkdirSync(dir, { recursive: true });
    const staging = openStaging(dir);
    staging.addUnits([{ source: 'a', target: 'b' }]);
    staging.finishReading();
    const ends: unknown[] = [];
    const applied = await applyStaged(storage(), staging, {
      memoryId: memory.id,
      origin: 'x',
      userId: null,
      skipDuplicates: false,
      now: 1,
      earlier: { added: 0, duplicates: 0 },
      recordProgress: async () => undefined,
      recordEnd: async (_tx, result) => void ends.push(result),
    });
    expect(applied).toBeNull();
    expect(ends).toEqual([null]);
    staging.discard();
  });
});
