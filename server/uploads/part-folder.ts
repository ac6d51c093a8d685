import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDir } from '../blobs/blob-store';

/**
 * Where the parts of multipart uploads wait for `complete`: `<root>/<uploadId>/<n>-<random>`. A
 * part's file name is unique per PUT, so a part sent twice never overwrites the bytes the
 * database still points at; the replaced file is deleted once the new row is committed.
 */
export function createPartFolder(root: string) {
  mkdirSync(root, { recursive: true, mode: 0o700 });

  return {
    pathOf: (file: string) => join(root, file),

    /** Moves a staged temporary file (same file system) in as the bytes of one part. */
    place(tempPath: string, uploadId: number, partNumber: number): string {
      const dir = join(root, String(uploadId));
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const file = `${uploadId}/${partNumber}-${randomUUID()}`;
      renameSync(tempPath, join(root, file));
      fsyncDir(dir);
      return file;
    },

    remove(files: string[]): void {
      for (const file of files) rmSync(join(root, file), { force: true });
    },

    removeUpload(uploadId: number): void {
      rmSync(join(root, String(uploadId)), { recursive: true, force: true });
    },

    /** Start-up: deletes part files the database does not know (a crash between rename and commit). */
    sweep(known: Set<string>): number {
      let removed = 0;
      for (const dir of readdirSync(root)) {
        const names = readdirSync(join(root, dir));
        for (const name of names) {
          if (known.has(`${dir}/${name}`)) continue;
          rmSync(join(root, dir, name), { recursive: true, force: true });
          removed += 1;
        }
        if (readdirSync(join(root, dir)).length === 0) rmSync(join(root, dir), { recursive: true });
      }
      return removed;
    },
  };
}

export type PartFolder = ReturnType<typeof createPartFolder>;
