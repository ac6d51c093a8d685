import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { safeFileName, saveStreamAtomically } from '../save-download';

/** Files written so that the desktop can drag them out of the window. */
export interface DragFiles {
  /** The file's path, written from `open()` the first time only; later drags reuse it. */
  place(key: string, name: string, open: () => Promise<Readable>): Promise<string>;
  /** Removes the folder and everything in it (when the app stops). */
  clear(): void;
}

/**
 * One private temporary folder per run, created on the first drag. Each file gets its own
 * subfolder, so it keeps its real name (`guide.es.docx`) wherever it is dropped.
 */
export function createDragFiles(parent: string = tmpdir()): DragFiles {
  let folder: string | null = null;
  return {
    async place(key, name, open) {
      folder ??= mkdtempSync(join(parent, 'wordbench-drag-'));
      const directory = join(folder, safeFileName(key));
      const path = join(directory, safeFileName(name));
      if (existsSync(path)) return path;
      mkdirSync(directory, { recursive: true, mode: 0o700 });
      await saveStreamAtomically(await open(), path);
      return path;
    },
    clear() {
      if (folder) rmSync(folder, { recursive: true, force: true });
      folder = null;
    },
  };
}
