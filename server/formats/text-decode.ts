import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
import type { Readable } from 'node:stream';

/** A file that is not text in an encoding we read; the message is for the user. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormatError';
  }
}

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding from a byte order mark, or from `<?` written in UTF-16 without one. */
function sniffEncoding(head: Buffer): { encoding: Encoding; bomLength: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return { encoding: 'utf-8', bomLength: 3 };
  }
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  if (head[0] === 0x3c && head[1] === 0x00) return { encoding: 'utf-16le', bomLength: 0 };
  if (head[0] === 0x00 && head[1] === 0x3c) return { encoding: 'utf-16be', bomLength: 0 };
  return { encoding: 'utf-8', bomLength: 0 };
}

/** Where a trailing, incomplete UTF-8 sequence starts (the length when there is none). */
function completeUtf8Length(bytes: Buffer): number {
  const length = bytes.length;
  for (let i = length - 1; i >= Math.max(0, length - 4); i--) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) === 0x80) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length - i < need ? i : length;
  }
  return length;
}

function notText(encoding: Encoding, offset: number): FormatError {
  const name = encoding === 'utf-8' ? 'UTF-8' : 'UTF-16';
  return new FormatError(
    `The file is not valid ${name} text (an invalid byte sequence near byte ${offset}): save it as UTF-8`,
  );
}

/**
 * Decodes a byte stream to text piece by piece: UTF-8 (the default, with or without a BOM) or
 * UTF-16 (by its BOM; TMX from some tools is UTF-16). Invalid bytes fail the read with a message
 * instead of turning into U+FFFD, so a binary or mis-encoded file is refused, not imported as junk.
 * UTF-8 is checked with `isUtf8` and decoded by Buffer (both native), the hot path of imports.
 */
export async function* decodeText(
  source: Readable | AsyncIterable<Buffer>,
): AsyncGenerator<string> {
  let encoding: Encoding | null = null;
  let decoder: TextDecoder | null = null;
  let offset = 0;
  let carry = Buffer.alloc(0);
  for await (const chunk of source as AsyncIterable<Buffer>) {
    let bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    if (encoding === null) {
      if (bytes.length < 4) {
        carry = Buffer.from(bytes);
        continue;
      }
      const sniffed = sniffEncoding(bytes);
      encoding = sniffed.encoding;
      bytes = bytes.subarray(sniffed.bomLength);
      offset = sniffed.bomLength;
      if (encoding !== 'utf-8')
        decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
    }
    carry = Buffer.alloc(0);
    if (decoder) {
      yield utf16(decoder, bytes, encoding, offset, true);
      offset += bytes.length;
      continue;
    }
    const cut = completeUtf8Length(bytes);
    const body = bytes.subarray(0, cut);
    if (!isUtf8(body)) throw notText(encoding, offset);
    if (cut < bytes.length) carry = Buffer.from(bytes.subarray(cut));
    offset += body.length;
    if (body.length > 0) yield body.toString('utf8');
  }
  if (encoding === null) {
    // Fewer than 4 bytes in all.
    const sniffed = sniffEncoding(carry);
    encoding = sniffed.encoding;
    carry = carry.subarray(sniffed.bomLength);
    if (encoding !== 'utf-8') decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  }
  if (decoder) {
    const rest = utf16(decoder, carry, encoding, offset, false);
    if (rest) yield rest;
    return;
  }
  if (carry.length > 0) {
    if (!isUtf8(carry)) throw notText(encoding, offset);
    yield carry.toString('utf8');
  }
}

function utf16(
  decoder: TextDecoder,
  bytes: Uint8Array,
  encoding: Encoding,
  offset: number,
  stream: boolean,
): string {
  try {
    return decoder.decode(bytes, { stream });
  } catch {
    throw notText(encoding, offset);
  }
}
