import { createWriteStream, fsyncSync, openSync, closeSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes a download so that a crash or a cut connection never leaves a half file under the
 * chosen name: stream to a temporary file beside it, fsync, then rename into place.
 */
export async function saveStreamAtomically(body: Readable, target: string): Promise<void> {
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.part`);
  try {
    await pipeline(body, createWriteStream(temporary, { mode: 0o644 }));
    const fd = openSync(temporary, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** A file name safe to offer in a save dialog: no folders, no control characters. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_');
  return cleaned.trim() || 'download';
}
