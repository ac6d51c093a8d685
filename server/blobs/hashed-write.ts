import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** More bytes arrived than the limit allows; nothing was kept. */
export class UploadTooLargeError extends Error {
  readonly limit: number;

  constructor(limit: number) {
    super(`The file is larger than the upload limit of ${limit} bytes`);
    this.name = 'UploadTooLargeError';
    this.limit = limit;
  }
}

export interface WrittenHashes {
  size: number;
  sha256: string;
  md5: string;
}

/**
 * Streams `source` into a new file at `path` (which must not exist), computing SHA-256 and MD5 on
 * the way; the file is fsynced before it is closed. Memory stays at a few stream buffers whatever
 * the size. Stops at the first byte past `maxBytes`. On any failure (too large, the client went
 * away, disk full) the file is removed before the promise rejects.
 *
 * The source is piped rather than put in the pipeline: a pipeline destroys its source on error,
 * and destroying a request destroys its socket, so a 413 could never be answered.
 */
export async function writeHashed(
  source: Readable | AsyncIterable<Buffer>,
  path: string,
  maxBytes: number,
): Promise<WrittenHashes> {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new UploadTooLargeError(maxBytes));
        return;
      }
      sha256.update(chunk);
      md5.update(chunk);
      callback(null, chunk);
    },
  });
  const readable = source instanceof Readable ? source : Readable.from(source);
  const written = pipeline(
    meter,
    createWriteStream(path, { flags: 'wx', mode: 0o600, flush: true }),
  );
  // A source that errors or closes before its end (the client went away) fails the write.
  const stopWatching = finished(readable, (error) => {
    if (error) meter.destroy(error);
  });
  readable.pipe(meter);
  try {
    await written;
  } catch (error) {
    readable.unpipe(meter);
    await rm(path, { force: true });
    throw error;
  } finally {
    stopWatching();
  }
  return { size, sha256: sha256.digest('hex'), md5: md5.digest('hex') };
}
