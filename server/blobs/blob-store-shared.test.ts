import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBothBackends } from '../db/backends-test-support';
import { openPostgresStorage, type Queryable, type Storage } from '../db/storage';
import { createBlobStore, STALE_TEMP_MS } from './blob-store';

// Two server processes of a team share one blob folder and one PostgreSQL database: here, two
// stores over two connection pools (two processes' worth) and one folder.
const backends = useBothBackends('blobs_shared');

const addRef = (tx: Queryable, sha: string) =>
  sql`INSERT INTO refs (sha) VALUES (${sha})`.execute(tx);
const dropRefs = (storage: Storage, sha: string) =>
  sql`DELETE FROM refs WHERE sha = ${sha}`.execute(storage.db);

describe('one blob folder shared by two processes on PostgreSQL', () => {
  let url: string;
  let storages: Storage[];
  let root: string;
  beforeAll(async () => {
    const fresh = await backends.fresh('postgres', 'blobs_two');
    url = fresh.url!;
    await sql`CREATE TABLE refs (id serial PRIMARY KEY, sha text NOT NULL REFERENCES blobs (sha256))`.execute(
      fresh.storage.db,
    );
    storages = [fresh.storage, await openPostgresStorage(url)];
    root = join(backends.dir, 'shared-blobs');
    return async () => {
      for (const storage of storages) await storage.close();
    };
  });

  it('never loses the bytes of a commit to a release in the other process', async () => {
    const [a, b] = storages.map((storage) => createBlobStore(storage, root));
    const content = 'the same content, uploaded and dropped over and over';
    const round = async (store: NonNullable<typeof a>, storage: Storage) => {
      for (let i = 0; i < 25; i += 1) {
        const staged = await store.stage(Readable.from([Buffer.from(content)]), 1_000);
        const path = store.pathOf(staged.sha256);
        await store.commit(staged, (tx) => addRef(tx, staged.sha256));
        // Recorded, so the bytes are there, whatever the other process released meanwhile.
        expect(readFileSync(path, 'utf8')).toBe(content);
        await dropRefs(storage, staged.sha256);
        await store.release(staged.sha256);
      }
    };
    await Promise.all([round(a!, storages[0]!), round(b!, storages[1]!)]);
    const rows = await storages[0]!.db.selectFrom('blobs').select('sha256').execute();
    expect(rows).toEqual([]);
    const sha256 = createHash('sha256').update(content).digest('hex');
    expect(existsSync(a!.pathOf(sha256))).toBe(false);
  });

  it('recovers only what no process is still working on', async () => {
    const store = createBlobStore(storages[1]!, root);
    const fresh = join(store.tmpDir, 'upload-in-progress');
    const stale = join(store.tmpDir, 'upload-that-died');
    writeFileSync(fresh, 'partial');
    writeFileSync(stale, 'partial');
    const longAgo = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    utimesSync(stale, longAgo, longAgo);
    const recorded = await store.stage(Readable.from([Buffer.from('kept')]), 100);
    await store.commit(recorded, (tx) => addRef(tx, recorded.sha256));
    const orphan = store.pathOf('f'.repeat(64));
    mkdirSync(join(orphan, '..'), { recursive: true });
    writeFileSync(orphan, 'nobody recorded me');

    expect(await store.recover()).toEqual({ tempFiles: 1, orphans: 1 });
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(orphan)).toBe(false);
    expect(readFileSync(store.pathOf(recorded.sha256), 'utf8')).toBe('kept');
  });
});
