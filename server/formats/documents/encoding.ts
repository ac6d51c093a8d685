import { DocumentFormatError } from './errors';

/** How a text file's characters were stored; merge writes the same. */
export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

/**
 * Decodes UTF-8 (with or without a byte order mark) or UTF-16 with a byte order mark, exactly:
 * `encodeText(decodeText(b).text, encoding)` gives `b` back. Anything else (invalid UTF-8, a NUL
 * byte in UTF-8) is refused with the line and column of the first bad byte.
 */
export function decodeText(bytes: Uint8Array, what: string): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes, 'utf-16le', what);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes, 'utf-16be', what);
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = hasBom ? bytes.subarray(3) : bytes;
  let text: string | null = null;
  if (body.indexOf(0) < 0) {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      text = null;
    }
  }
  if (text === null) {
    const bad = Math.max(0, firstInvalidUtf8(body));
    const where = bytePosition(body, bad);
    const reason = body[bad] === 0 ? 'a NUL byte (binary data?)' : 'a byte that is not UTF-8';
    throw new DocumentFormatError(`${what}: ${reason}; save the file as UTF-8`, where);
  }
  return { text, encoding: hasBom ? 'utf-8-bom' : 'utf-8' };
}

function decodeUtf16(bytes: Uint8Array, encoding: TextEncoding, what: string): DecodedText {
  try {
    const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
    return { text: decoder.decode(bytes.subarray(2)), encoding };
  } catch {
    throw new DocumentFormatError(`${what}: invalid ${encoding.toUpperCase()} data`);
  }
}

/** Encodes `text` the way the original file was stored. */
export function encodeText(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  if (encoding === 'utf-8-bom') return new TextEncoder().encode(`\ufeff${text}`);
  const out = new Uint8Array(2 + text.length * 2);
  const isLittle = encoding === 'utf-16le';
  out[0] = isLittle ? 0xff : 0xfe;
  out[1] = isLittle ? 0xfe : 0xff;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + i * 2] = isLittle ? c & 0xff : c >> 8;
    out[3 + i * 2] = isLittle ? c >> 8 : c & 0xff;
  }
  return out;
}

/** Offset of the first byte that is not part of valid UTF-8 (or is NUL), or -1. */
function firstInvalidUtf8(b: Uint8Array): number {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      if (c === 0) return i;
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) [need, min] = [1, 0x80];
    else if (c >= 0xe0 && c <= 0xef) [need, min] = [2, 0x800];
    else if (c >= 0xf0 && c <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    if (i + need >= n) return i;
    let cp = c & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

function bytePosition(b: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (b[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = new TextDecoder().decode(b.subarray(lineStart, offset)).length + 1;
  return { line, column };
}

export interface DecodedXml extends DecodedText {
  /** Offsets of a declared legacy encoding's name in `text`: merge writes UTF-8 and says so there. */
  declaredEncoding: { start: number; end: number } | null;
}

const UTF8_NAMES = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

/**
 * Decodes an XML file: UTF-8 or UTF-16 by byte order mark, else by the XML declaration's encoding.
 * A legacy encoding (ISO-8859-1, windows-1252, …) is read, and the merge writes UTF-8.
 */
export function decodeXml(bytes: Uint8Array, what: string): DecodedXml {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256));
  const declared = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  const label = declared?.[1]?.toLowerCase();
  const hasBom = bytes[0] === 0xef || bytes[0] === 0xfe || bytes[0] === 0xff;
  if (hasBom || label === undefined || UTF8_NAMES.has(label) || label.startsWith('utf-16')) {
    if (!hasBom && label?.startsWith('utf-16')) {
      throw new DocumentFormatError(`${what}: UTF-16 without a byte order mark is not supported`);
    }
    return { ...decodeText(bytes, what), declaredEncoding: null };
  }
  let text: string;
  try {
    text = new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    throw new DocumentFormatError(
      `${what}: the encoding "${declared![1]}" is not supported or does not match the bytes; save the file as UTF-8`,
    );
  }
  const start = text.indexOf(declared![1]!);
  return {
    text,
    encoding: 'utf-8',
    declaredEncoding: { start, end: start + declared![1]!.length },
  };
}
