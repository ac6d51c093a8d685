import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { DocumentFormatError, DocumentLimitError } from './errors';

const MiB = 1024 * 1024;

/** What a zip-based document may cost once inflated; declared sizes are never trusted. */
export const ZIP_LIMITS = {
  entries: 5_000,
  entryBytes: 64 * MiB,
  totalBytes: 256 * MiB,
  /** Inflated to compressed, checked once an entry passes 1 MiB. */
  ratio: 200,
} as const;

/** Compressed bytes fed to the inflater at a time: bounds what one step can produce. */
const FEED = 16 * 1024;

/** A zip entry: its name and bytes, in the archive's order. */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** Names that would land outside the folder they are unpacked in (zip slip), or nowhere. */
function checkName(name: string, what: string): void {
  const bad =
    name === '' ||
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.split('/').some((part) => part === '..') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f]/.test(name);
  if (bad)
    throw new DocumentFormatError(`${what}: the zip entry name ${JSON.stringify(name)} is refused`);
}

/**
 * Unpacks a zip (fflate's streaming inflater, fed 16 KiB at a time) under ZIP_LIMITS: too many
 * entries, an entry or a total too large, or a suspicious compression ratio stop it while
 * inflating, before the bytes exist; unsafe entry names are refused. Not a zip: a format error.
 */
export function readZip(bytes: Uint8Array, what: string): ZipEntry[] {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) {
    throw new DocumentFormatError(`${what}: not a zip package`);
  }
  if (!hasEndRecord(bytes)) {
    throw new DocumentFormatError(`${what}: the zip has no central directory (cut short?)`);
  }
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  const unfinished = new Set<string>();
  let total = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    try {
      checkName(file.name, what);
      if (entries.length >= ZIP_LIMITS.entries) {
        throw new DocumentLimitError(`${what}: more than ${ZIP_LIMITS.entries} zip entries`);
      }
      // Two entries of one name: which one a reader takes is up to the reader. Refused.
      if (names.has(file.name)) {
        throw new DocumentFormatError(`${what}: the zip has two entries named ${file.name}`);
      }
    } catch (error) {
      failure = error as Error;
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const entry: ZipEntry = { name: file.name, data: new Uint8Array() };
    entries.push(entry);
    names.add(file.name);
    unfinished.add(file.name);
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new DocumentFormatError(
          `${what}: ${file.name} cannot be inflated: ${error.message}`,
        );
        return;
      }
      size += chunk.length;
      total += chunk.length;
      // The declared compressed size is not trusted past the zip's own length; without one (a
      // data descriptor) the whole zip is the measure.
      const ratio = size / Math.min(file.size || bytes.length, bytes.length);
      if (size > ZIP_LIMITS.entryBytes || total > ZIP_LIMITS.totalBytes) {
        failure = new DocumentLimitError(
          `${what}: inflates to more than ${size > ZIP_LIMITS.entryBytes ? `${ZIP_LIMITS.entryBytes / MiB} MiB in ${file.name}` : `${ZIP_LIMITS.totalBytes / MiB} MiB`} (a zip bomb?)`,
        );
        return;
      }
      if (size > MiB && ratio > ZIP_LIMITS.ratio) {
        failure = new DocumentLimitError(
          `${what}: ${file.name} inflates more than ${ZIP_LIMITS.ratio} times its size (a zip bomb?)`,
        );
        return;
      }
      chunks.push(chunk);
      if (final) {
        entry.data = concat(chunks, size);
        unfinished.delete(file.name);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += FEED) {
      unzip.push(bytes.subarray(at, at + FEED), at + FEED >= bytes.length);
    }
  } catch (error) {
    failure ??= new DocumentFormatError(`${what}: not a readable zip: ${(error as Error).message}`);
  }
  if (failure) throw failure;
  const cut = unfinished.values().next();
  if (!cut.done) throw new DocumentFormatError(`${what}: the zip is cut short in ${cut.value}`);
  return entries;
}

/** The end-of-central-directory record, in the last 64 KiB + 22 bytes as the format puts it. */
function hasEndRecord(b: Uint8Array): boolean {
  for (let i = b.length - 22; i >= Math.max(0, b.length - 65_557); i--) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 5 && b[i + 3] === 6) return true;
  }
  return false;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Media that is compressed already: stored, not deflated again. */
const PACKED =
  /\.(png|jpe?g|gif|tiff?|wdp|webp|emf|wmf|mp3|mp4|m4a|wav|avi|mov|zip|bin|odttf|ttf)$/i;

/**
 * A zip of `entries` in their order. Entries are deflated anew, so the container's bytes differ
 * from the original's; every entry's bytes do not.
 */
export function writeZip(entries: ZipEntry[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
    size += chunk.length;
  });
  for (const { name, data } of entries) {
    const file = PACKED.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(data, true);
  }
  zip.end();
  return concat(chunks, size);
}
