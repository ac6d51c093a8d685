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
import type { Database } from '../db/db';
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

function isForeignKeyError(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Content-addressed file bytes under `root`: `ab/cd/<sha256>`, one copy per distinct content.
 *
 * The `blobs` table lists what is in place; records that use a blob reference it with a foreign
 * key, so SQLite itself refuses to forget a blob that something still uses. Bytes arrive in
 * `root/tmp/` (`stage`), are fsynced, then renamed into place and recorded together with the
 * record that needs them (`commit`). A crash at any point leaves only a temporary file or an
 * unrecorded blob, and `recover` removes both at the next start.
 */
export function createBlobStore(db: Database, root: string) {
  const tmpDir = join(root, 'tmp');
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const insertBlob = db.prepare<[string, number, number]>(
    'INSERT OR IGNORE INTO blobs (sha256, size, created_at) VALUES (?, ?, ?)',
  );
  const deleteBlob = db.prepare<[string]>('DELETE FROM blobs WHERE sha256 = ?');
  const hasBlob = db.prepare<[string], { one: number }>(
    'SELECT 1 AS one FROM blobs WHERE sha256 = ?',
  );

  function pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256 hex digest: ${sha256}`);
    return join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  /** Removes the blob's row and bytes unless a record still references it; true if removed. */
  function release(sha256: string): boolean {
    try {
      if (deleteBlob.run(sha256).changes === 0) return false;
    } catch (error) {
      if (isForeignKeyError(error)) return false;
      throw error;
    }
    const path = pathOf(sha256);
    rmSync(path, { force: true });
    if (existsSync(join(path, '..'))) fsyncDir(join(path, '..'));
    return true;
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
     * Moves a staged blob into place and runs `record` (which inserts whatever references it) in
     * the same transaction as the blob's row. Synchronous on purpose: nothing can run between the
     * rename and the commit, so a concurrent `release` of the same content cannot slip in. If
     * `record` throws, the blob is released again unless something else already used it.
     */
    commit<T>(staged: StagedBlob, record: () => T): T {
      const path = pathOf(staged.sha256);
      if (existsSync(path)) {
        // Identical content is already stored: keep one copy.
        rmSync(staged.tempPath, { force: true });
      } else {
        mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
        renameSync(staged.tempPath, path);
        fsyncDir(join(path, '..'));
      }
      try {
        return db.transaction(() => {
          insertBlob.run(staged.sha256, staged.size, nowSeconds());
          return record();
        })();
      } catch (error) {
        if (!hasBlob.get(staged.sha256)) rmSync(path, { force: true });
        throw error;
      }
    },

    /** The blob's bytes; `start`/`end` are inclusive byte offsets. */
    read(sha256: string, range: { start?: number; end?: number } = {}): ReadStream {
      return createReadStream(pathOf(sha256), range);
    },

    /**
     * Start-up clean-up, before any request: removes every temporary file (uploads that were
     * interrupted) and every blob file without a row (a crash between rename and commit, or
     * between a release's commit and its unlink).
     */
    recover(): { tempFiles: number; orphans: number } {
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
          for (const name of readdirSync(dir)) {
            if (SHA256.test(name) && hasBlob.get(name)) continue;
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
