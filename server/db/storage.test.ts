/**
 * The storage interface behaves the same on both backends: a real SQLite file and a real
 * PostgreSQL (a throw-away cluster, pg-cluster.ts).
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends } from './backends-test-support';
import type { Queryable, Storage } from './storage';

const both = useBothBackends('storage');

const insertOrg = (storage: Storage, name: string) =>
  storage.db
    .insertInto('organizations')
    .values({ name, created_at: 1_700_000_000 })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();

const orgNamed = (storage: Storage, name: string) =>
  storage.db.selectFrom('organizations').select('id').where('name', '=', name).execute();

describe.each(BACKENDS)('storage on %s', (kind) => {
  const storage = () => both.storage(kind);

  it('answers ids and epoch seconds as numbers', async () => {
    const row = await insertOrg(storage(), `numbers-${kind}`);
    expect(typeof row.id).toBe('number');
    expect(row.created_at).toBe(1_700_000_000);
  });

  it('never reuses an id after a delete', async () => {
    const first = await insertOrg(storage(), `reuse-a-${kind}`);
    await storage().db.deleteFrom('organizations').where('id', '=', first.id).execute();
    const second = await insertOrg(storage(), `reuse-b-${kind}`);
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('commits a transaction that resolves', async () => {
    const id = await storage().transaction(async (tx) => {
      const row = await tx
        .insertInto('organizations')
        .values({ name: `commit-${kind}`, created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    expect(await orgNamed(storage(), `commit-${kind}`)).toEqual([{ id }]);
  });

  it('rolls back everything a throwing transaction wrote, and rethrows', async () => {
    const failing = storage().transaction(async (tx) => {
      await tx
        .insertInto('organizations')
        .values({ name: `rollback-${kind}`, created_at: 1 })
        .execute();
      throw new Error('refused half-way');
    });
    await expect(failing).rejects.toThrow('refused half-way');
    expect(await orgNamed(storage(), `rollback-${kind}`)).toEqual([]);
  });

  it('never shows a transaction’s writes to others before it commits', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const writer = storage().transaction(async (tx) => {
      await tx
        .insertInto('organizations')
        .values({ name: `hidden-${kind}`, created_at: 1 })
        .execute();
      inserted();
      await held;
    });
    await written;
    // SQLite: the read waits for the one connection; PostgreSQL: it reads the last commit.
    const reader = orgNamed(storage(), `hidden-${kind}`);
    const early = await Promise.race([
      reader,
      new Promise((r) => setTimeout(() => r('waiting'), 50)),
    ]);
    expect(early === 'waiting' || (Array.isArray(early) && early.length === 0)).toBe(true);
    release();
    await writer;
    await reader;
    expect(await orgNamed(storage(), `hidden-${kind}`)).toHaveLength(1);
  });

  it('reads one state in a snapshot while another process commits', async () => {
    const count = async (db: Queryable) =>
      (
        await db
          .selectFrom('organizations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    let firstRead!: () => void;
    const read = new Promise<void>((resolve) => (firstRead = resolve));
    let writeLanded!: Promise<unknown>;
    const seen = await storage().snapshot(async (tx) => {
      const before = Number(await count(tx));
      firstRead();
      // SQLite: the write waits for the one connection; PostgreSQL: it commits meanwhile.
      writeLanded = insertOrg(storage(), `snapshot-${kind}`);
      await Promise.race([writeLanded, new Promise((r) => setTimeout(r, 100))]);
      return [before, Number(await count(tx))];
    });
    await read;
    await writeLanded;
    expect(seen[1]).toBe(seen[0]);
    expect(Number(await count(storage().db))).toBe(seen[0]! + 1);
  });

  it('keeps concurrent transactions apart: no increment is lost', async () => {
    const { id } = await insertOrg(storage(), `counter-${kind}`);
    const bump = () =>
      storage().transaction(async (tx) => {
        await tx
          .updateTable('organizations')
          .set((eb) => ({ created_at: eb('created_at', '+', 1) }))
          .where('id', '=', id)
          .execute();
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    const row = await storage()
      .db.selectFrom('organizations')
      .select('created_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.created_at).toBe(1_700_000_020);
  });
});
