import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/db';
import { sqliteStorage } from '../db/storage';
import { tempDir } from '../test-support';
import { createBlobStore, UploadTooLargeError } from './blob-store';

const dirs: string[] = [];
const dbs: Database[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A store on a real database, with a small table whose rows reference blobs. */
function setup() {
  const dir = tempDir();
  dirs.push(dir);
  const db = openDatabase(join(dir, 'wordbench.db'));
  dbs.push(db);
  db.exec('CREATE TABLE refs (id INTEGER PRIMARY KEY, sha TEXT NOT NULL REFERENCES blobs(sha256))');
  const store = createBlobStore(sqliteStorage(db), join(dir, 'blobs'));
  const addRef = (sha: string) => {
    db.prepare('INSERT INTO refs (sha) VALUES (?)').run(sha);
  };
  const dropRefs = (sha: string) => db.prepare('DELETE FROM refs WHERE sha = ?').run(sha);
  return { dir, db, store, addRef, dropRefs };
}

const digest = (algorithm: string, bytes: string) =>
  createHash(algorithm).update(bytes).digest('hex');
const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

describe('blob store', () => {
  it('stages with SHA-256, MD5 and size, then commits under ab/cd/<sha256>', async () => {
    const { store, addRef, dir } = setup();
    const staged = await store.stage(chunks('hello ', 'world'), 100);
    expect(staged).toMatchObject({
      size: 11,
      sha256: digest('sha256', 'hello world'),
      md5: digest('md5', 'hello world'),
    });
    expect(existsSync(staged.tempPath)).toBe(true);
    await store.commit(staged, async () => addRef(staged.sha256));
    const path = store.pathOf(staged.sha256);
    const sha = staged.sha256;
    expect(path).toBe(join(dir, 'blobs', sha.slice(0, 2), sha.slice(2, 4), sha));
    expect(readFileSync(path, 'utf8')).toBe('hello world');
    expect(existsSync(staged.tempPath)).toBe(false);
  });

  it('keeps one copy of identical content and removes it only with its last reference', async () => {
    const { store, addRef, dropRefs, db } = setup();
    const first = await store.stage(chunks('same'), 100);
    await store.commit(first, async () => addRef(first.sha256));
    const second = await store.stage(chunks('same'), 100);
    await store.commit(second, async () => addRef(second.sha256));
    expect(existsSync(second.tempPath)).toBe(false);
    const path = store.pathOf(first.sha256);

    db.prepare('DELETE FROM refs WHERE id = 1').run();
    expect(await store.release(first.sha256)).toBe(false);
    expect(existsSync(path)).toBe(true);
    dropRefs(first.sha256);
    expect(await store.release(first.sha256)).toBe(true);
    expect(existsSync(path)).toBe(false);
    expect(await store.release(first.sha256)).toBe(false);
  });

  it('refuses more than the limit and leaves no temporary file', async () => {
    const { store } = setup();
    await expect(store.stage(chunks('12345', '67890', 'x'), 10)).rejects.toBeInstanceOf(
      UploadTooLargeError,
    );
    await expect(store.stage(chunks('12345', '67890', 'x'), 10)).rejects.toThrow(
      'larger than the upload limit of 10 bytes',
    );
    expect(existsSync(store.tmpDir)).toBe(true);
    expect(await store.recover()).toEqual({ tempFiles: 0, orphans: 0 });
  });

  it('removes the temporary file when the source fails midway', async () => {
    const { store } = setup();
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    await expect(store.stage(failing, 100)).rejects.toThrow('aborted');
    expect(await store.recover()).toEqual({ tempFiles: 0, orphans: 0 });
  });

  it('rolls the blob back when the record that needs it fails', async () => {
    const { store, db } = setup();
    const staged = await store.stage(chunks('doomed'), 100);
    await expect(
      store.commit(staged, async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(existsSync(store.pathOf(staged.sha256))).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM blobs').get()).toEqual({ n: 0 });
  });

  it('recover() removes interrupted uploads and unrecorded blobs, and keeps recorded ones', async () => {
    const { store, addRef } = setup();
    const kept = await store.stage(chunks('kept'), 100);
    await store.commit(kept, async () => addRef(kept.sha256));
    writeFileSync(join(store.tmpDir, 'interrupted-upload'), 'half');
    const orphan = digest('sha256', 'orphan');
    mkdirSync(join(store.root, orphan.slice(0, 2), orphan.slice(2, 4)), { recursive: true });
    writeFileSync(store.pathOf(orphan), 'orphan');
    expect(await store.recover()).toEqual({ tempFiles: 1, orphans: 1 });
    expect(existsSync(store.pathOf(orphan))).toBe(false);
    expect(existsSync(store.pathOf(kept.sha256))).toBe(true);
  });
});
