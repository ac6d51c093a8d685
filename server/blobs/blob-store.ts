import { randomUUID } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  unlinkSync,
  type ReadStream,
} from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { writeHashed } from './hashed-write';

export { UploadTooLargeError } from './hashed-write';

/** API.md Part A, "Limits": 2 GiB per file unless configured otherwise. */
export const DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

/** Bytes written to a temporary file, fsynced, not yet part of the store. */
export interface StagedBlob {
  tempPath: string;
  size: number;
  /** Lowercase hex digests of the bytes. */
  sha256: string;
  md5: string;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** fsync a folder, so a rename or unlink inside it survives a power cut. */
export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A row still references the blob: SQLite's foreign key error, or PostgreSQL's 23503. */
function isForeignKeyError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Digests asked for in one query of `recover` (well under both dialects' parameter limits). */
const RECOVER_BATCH = 500;

/** The `blobs` rows: what is in place. `db` is the storage's handle or an open transaction. */
function blobQueries(db: Queryable) {
  return {
    /** Records the blob; content recorded before keeps its row. */
    async insert(sha256: string, size: number, now: number): Promise<void> {
      await db
        .insertInto('blobs')
        .values({ sha256, size, created_at: now })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    },

    /** True if the row went; throws a foreign key error while a record references it. */
    async remove(sha256: string): Promise<boolean> {
      const result = await db.deleteFrom('blobs').where('sha256', '=', sha256).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async has(sha256: string): Promise<boolean> {
      const row = await db
        .selectFrom('blobs')
        .select('sha256')
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Which of `digests` have a row. */
    async recorded(digests: string[]): Promise<Set<string>> {
      if (digests.length === 0) return new Set();
      const rows = await db
        .selectFrom('blobs')
        .select('sha256')
        .where('sha256', 'in', digests)
        .execute();
      return new Set(rows.map((row) => row.sha256));
    },
  };
}

/**
 * Runs `work` once every earlier `work` of the same key has settled: the commits and releases of
 * one content never interleave in this process.
 */
function keyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

/**
 * Content-addressed file bytes under `root`: `ab/cd/<sha256>`, one copy per distinct content.
 *
 * The `blobs` table lists what is in place; records that use a blob reference it with a foreign
 * key, so the database itself refuses to forget a blob that something still uses. Bytes arrive in
 * `root/tmp/` (`stage`), are fsynced, then renamed into place and recorded together with the
 * record that needs them (`commit`). A crash at any point leaves only a temporary file or an
 * unrecorded blob, and `recover` removes both at the next start.
 *
 * `commit` and `release` of the same content run one at a time (a lock per digest): between a
 * commit's rename and its transaction's end, a release cannot delete the row and unlink the
 * bytes the commit is about to record. The lock is this process's: several server processes
 * sharing one blob folder would need more.
 * TODO(storage): on PostgreSQL with several processes over one blob folder, take the lock in
 * the database (an advisory lock on the digest) instead.
 */
export function createBlobStore(storage: Storage, root: string) {
  const tmpDir = join(root, 'tmp');
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const rows = blobQueries(storage.db);
  const exclusive = keyedLock();

  function pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256 hex digest: ${sha256}`);
    return join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /**
   * Removes the blob's row and bytes unless a record still references it; true if removed. The
   * row goes first: a crash before the unlink leaves an unrecorded file for `recover`.
   */
  function release(sha256: string): Promise<boolean> {
    const path = pathOf(sha256);
    return exclusive(sha256, async () => {
      try {
        if (!(await rows.remove(sha256))) return false;
      } catch (error) {
        if (isForeignKeyError(error)) return false;
        throw error;
      }
      rmSync(path, { force: true });
      if (existsSync(join(path, '..'))) fsyncDir(join(path, '..'));
      return true;
    });
  }

  return {
    root,
    tmpDir,
    pathOf,
    release,

    /**
     * Streams `source` to a temporary file while hashing it; refuses more than `maxBytes`
     * (UploadTooLargeError). On any failure the temporary file is gone before this rejects.
     */
    stage(source: Readable | AsyncIterable<Buffer>, maxBytes: number): Promise<StagedBlob> {
      const tempPath = join(tmpDir, randomUUID());
      return writeHashed(source, tempPath, maxBytes).then((hashes) => ({ tempPath, ...hashes }));
    },

    /** Drops a staged blob that will not be committed. */
    discard(staged: Pick<StagedBlob, 'tempPath'>): void {
      rmSync(staged.tempPath, { force: true });
    },

    /**
     * Moves a staged blob into place (fsynced and renamed before any row says it is there) and
     * runs `record(tx)` (which inserts whatever references it) in the same transaction as the
     * blob's row. Commits and releases of the same content wait for each other, so a concurrent
     * `release` cannot slip in between the rename and the commit. If `record` throws, the
     * transaction rolls back and the bytes go again unless something else already uses them.
     * `record` must await nothing but queries on `tx` (the transaction holds the connection).
     */
    commit<T>(staged: StagedBlob, record: (tx: Queryable) => Promise<T>): Promise<T> {
      const path = pathOf(staged.sha256);
      return exclusive(staged.sha256, async () => {
        if (existsSync(path)) {
          // Identical content is already stored: keep one copy.
          rmSync(staged.tempPath, { force: true });
        } else {
          mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
          renameSync(staged.tempPath, path);
          fsyncDir(join(path, '..'));
        }
        try {
          return await storage.transaction(async (tx) => {
            await blobQueries(tx).insert(staged.sha256, staged.size, nowSeconds());
            return record(tx);
          });
        } catch (error) {
          if (!(await rows.has(staged.sha256))) rmSync(path, { force: true });
          throw error;
        }
      });
    },

    /** The blob's bytes; `start`/`end` are inclusive byte offsets. */
    read(sha256: string, range: { start?: number; end?: number } = {}): ReadStream {
      return createReadStream(pathOf(sha256), range);
    },

    /**
     * Start-up clean-up, before any request (nothing commits or releases meanwhile): removes
     * every temporary file (uploads that were interrupted) and every blob file without a row (a
     * crash between rename and commit, or between a release's commit and its unlink).
     */
    async recover(): Promise<{ tempFiles: number; orphans: number }> {
      let tempFiles = 0;
      for (const name of readdirSync(tmpDir)) {
        rmSync(join(tmpDir, name), { force: true, recursive: true });
        tempFiles += 1;
      }
      let orphans = 0;
      for (const first of readdirSync(root)) {
        if (!/^[0-9a-f]{2}$/.test(first)) continue;
        for (const second of readdirSync(join(root, first))) {
          const dir = join(root, first, second);
          const names = readdirSync(dir);
          const digests = names.filter((name) => SHA256.test(name));
          const recorded = new Set<string>();
          for (let start = 0; start < digests.length; start += RECOVER_BATCH) {
            const batch = digests.slice(start, start + RECOVER_BATCH);
            for (const sha256 of await rows.recorded(batch)) recorded.add(sha256);
          }
          for (const name of names) {
            if (recorded.has(name)) continue;
            unlinkSync(join(dir, name));
            orphans += 1;
          }
        }
      }
      return { tempFiles, orphans };
    },
  };
}

export type BlobStore = ReturnType<typeof createBlobStore>;
