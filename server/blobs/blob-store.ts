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
  statSync,
  rmSync,
  unlinkSync,
  type ReadStream,
} from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import { blobQueries, isForeignKeyError, RECOVER_BATCH } from './blob-queries';
import { keyedLock, lockDigest } from './digest-lock';
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

/** On a team server, a temporary file idle this long belongs to an upload that died. */
export const STALE_TEMP_MS = 60 * 60 * 1000;

/** The file's mtime in ms; 0 when it is gone already (another process cleaned it up). */
function mtimeIfAny(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** fsync a folder, so a rename or unlink inside it survives a power cut. */
export function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
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
 * bytes the commit is about to record. Within a process the lock is a promise chain; the server
 * processes of a team sharing one folder also take PostgreSQL's advisory lock on the digest in
 * the transaction that moves the bytes (digest-lock.ts).
 */
export function createBlobStore(storage: Storage, root: string) {
  const tmpDir = join(root, 'tmp');
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const rows = blobQueries(storage.db);
  const exclusive = keyedLock();
  // Several processes share the folder only on PostgreSQL.
  const shared = storage.dialect === 'postgres';

  /** `work` in a transaction holding every process's lock on the content. */
  const underLock = <T>(sha256: string, work: (tx: Queryable) => Promise<T>) =>
    storage.transaction(async (tx) => {
      await lockDigest(tx, storage.dialect, sha256);
      return work(tx);
    });

  /** Removes the bytes unless a row records them (under the lock: another commit may be at it). */
  const removeIfUnrecorded = (sha256: string, path: string) =>
    underLock(sha256, async (tx) => {
      if (await blobQueries(tx).has(sha256)) return false;
      rmSync(path, { force: true });
      return true;
    });

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
        // The bytes go inside the transaction, under the lock; should its commit fail after
        // that, the row of content nothing uses is left, and the next commit puts bytes back.
        return await underLock(sha256, async (tx) => {
          if (!(await blobQueries(tx).remove(sha256))) return false;
          rmSync(path, { force: true });
          if (existsSync(join(path, '..'))) fsyncDir(join(path, '..'));
          return true;
        });
      } catch (error) {
        if (isForeignKeyError(error)) return false;
        throw error;
      }
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
        try {
          return await underLock(staged.sha256, async (tx) => {
            if (existsSync(path)) {
              // Identical content is already stored: keep one copy.
              rmSync(staged.tempPath, { force: true });
            } else {
              mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
              renameSync(staged.tempPath, path);
              fsyncDir(join(path, '..'));
            }
            await blobQueries(tx).insert(staged.sha256, staged.size, nowSeconds());
            return record(tx);
          });
        } catch (error) {
          rmSync(staged.tempPath, { force: true });
          await removeIfUnrecorded(staged.sha256, path);
          throw error;
        }
      });
    },

    /** The blob's bytes; `start`/`end` are inclusive byte offsets. */
    read(sha256: string, range: { start?: number; end?: number } = {}): ReadStream {
      return createReadStream(pathOf(sha256), range);
    },

    /**
     * Start-up clean-up, before this process serves a request: removes temporary files (uploads
     * that were interrupted) and blob files without a row (a crash between rename and commit).
     * One desktop's process owns the folder: everything of the kind goes. A team's processes
     * share it while others work: a temporary file goes only once idle for `STALE_TEMP_MS`, and
     * an orphan only under the digest's lock, once no row records it.
     */
    async recover(): Promise<{ tempFiles: number; orphans: number }> {
      let tempFiles = 0;
      const staleBefore = Date.now() - STALE_TEMP_MS;
      for (const name of readdirSync(tmpDir)) {
        const path = join(tmpDir, name);
        if (shared && mtimeIfAny(path) > staleBefore) continue;
        rmSync(path, { force: true, recursive: true });
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
            if (shared && SHA256.test(name)) {
              if (await removeIfUnrecorded(name, join(dir, name))) orphans += 1;
              continue;
            }
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
