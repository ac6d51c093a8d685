/** Tab, line feed, form feed, carriage return: the control characters text does contain. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Turns the first bytes of a file into text, or null when they are not text (binary data).
 *
 * - A byte order mark decides: UTF-8, UTF-16LE or UTF-16BE.
 * - Without one, UTF-16 shows as a zero in every other byte of ASCII-range text.
 * - Otherwise the bytes must be UTF-8; a sequence cut by the sample's end is dropped.
 * - Text does not contain control characters other than tab, line breaks and form feed: more than
 *   1% of them (NUL above all) means binary. Random bytes have about 12%.
 * - Bytes that are not valid UTF-8 but have no control characters are legacy 8-bit text, read as
 *   Windows-1252 (a superset of Latin-1), which is what such files nearly always are.
 */
export function decodeSample(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return '';
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return utf8(bytes.subarray(3));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes.subarray(2), 'utf-16be');
  const bom = guessUtf16(bytes);
  if (bom) return utf16(bytes, bom);
  if (controlRatio(bytes) > 0.01) return null;
  const text = utf8(bytes);
  if (text !== null) return text;
  return new TextDecoder('windows-1252').decode(bytes);
}

function utf8(bytes: Uint8Array): string | null {
  try {
    // `stream: true` leaves a multi-byte sequence cut by the end of the sample undecoded.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return null;
  }
}

function utf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string | null {
  const even = bytes.subarray(0, bytes.length - (bytes.length % 2));
  const text = new TextDecoder(encoding).decode(even);
  // Replacement characters (lone surrogates) and controls come out of binary data read as UTF-16.
  let bad = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0xfffd || (code < 0x20 && !TEXT_CONTROLS.has(code))) bad += 1;
  }
  return bad > text.length * 0.01 ? null : text;
}

function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(Math.min(bytes.length, 4096) / 2);
  if (pairs < 8) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (bytes[2 * i] === 0) zeroEven += 1;
    if (bytes[2 * i + 1] === 0) zeroOdd += 1;
  }
  // Latin text in UTF-16 has a zero high byte in nearly every code unit, and no zero low byte.
  if (zeroOdd > pairs * 0.6 && zeroEven < pairs * 0.05) return 'utf-16le';
  if (zeroEven > pairs * 0.6 && zeroOdd < pairs * 0.05) return 'utf-16be';
  return null;
}

function controlRatio(bytes: Uint8Array): number {
  let controls = 0;
  for (const byte of bytes) {
    if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) controls += 1;
  }
  return controls / bytes.length;
}
