import { Zip, ZipDeflate } from 'fflate';

/** One file of the archive: its path inside it and its bytes, in chunks as they come. */
export interface ZipSource {
  name: string;
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/**
 * A zip of `sources`, as chunks while it is written: fflate's synchronous deflater produces
 * output as each input chunk is pushed, so no file (a large memory's TMX) is ever held whole.
 */
export async function* zipStream(sources: AsyncIterable<ZipSource>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  function* drain() {
    if (failure) throw failure;
    yield* out.splice(0);
  }
  for await (const source of sources) {
    const file = new ZipDeflate(source.name, { level: 6 });
    zip.add(file);
    for await (const chunk of source.chunks) {
      file.push(chunk);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** A name safe as one part of a zip path: no slashes, control characters or dot-only names. */
export function zipPart(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f/\\]/g, '_').trim();
  return /^\.*$/.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** `name`, or `name (2)` ... when a path is taken already (two files of one name). */
export function uniquePath(taken: Set<string>, folder: string, name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let path = `${folder}/${name}`;
  for (let n = 2; taken.has(path); n++) path = `${folder}/${stem} (${n})${ext}`;
  taken.add(path);
  return path;
}
