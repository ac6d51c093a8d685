import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { FormatError } from './text-decode';

/** Deeper element nesting than any TMX, XLIFF or TBX needs; deeper files are refused. */
export const MAX_XML_DEPTH = 64;

/** Text before the root element (declaration, comments, a DOCTYPE) that we read at most. */
export const MAX_PROLOG_CHARS = 64 * 1024;

export type XmlTag = SaxesTagPlain;

/** What a reader does with the parse events, synchronously; it pushes results to `out`. */
export interface XmlHandlers {
  open(tag: XmlTag): void;
  close(tag: XmlTag): void;
  text(text: string): void;
}

/** An element's name without its namespace prefix (`sdl:seg` -> `seg`). */
export const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Parses XML text with saxes (strict, no DTD processing), hardened for files from strangers:
 *
 * - a DOCTYPE that declares entities (`<!ENTITY` in its internal subset) is refused as soon as
 *   the DOCTYPE ends, before anything could refer to them: this covers entity expansion
 *   ("billion laughs") and external entities (XXE).
 *   saxes never reads a DTD or an external entity; references to undeclared entities are errors.
 *   A DOCTYPE that only names a DTD (`<!DOCTYPE tmx SYSTEM "tmx14.dtd">`) is fine and ignored.
 * - more than MAX_PROLOG_CHARS before the root element, or nesting deeper than MAX_XML_DEPTH, is
 *   refused at once.
 *
 * Events go to `handlers` synchronously; whatever they pushed to `out` is yielded after each
 * piece of text (batches, so a million units cost no million promise turns).
 */
export async function* parseXml<T>(
  text: AsyncIterable<string>,
  handlers: XmlHandlers,
  out: T[],
): AsyncGenerator<T[]> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let depth = 0;
  let hasRoot = false;
  let prologChars = 0;
  parser.on('error', (error) => {
    throw new FormatError(`Malformed XML: ${error.message}`);
  });
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) {
      throw new FormatError(
        'The XML declares entities (<!ENTITY> in its DOCTYPE): refused, since entity expansion ' +
          'and external entities can be used to attack the server',
      );
    }
  });
  parser.on('opentag', (tag) => {
    hasRoot = true;
    depth += 1;
    if (depth > MAX_XML_DEPTH) {
      throw new FormatError(
        `The XML nests elements deeper than ${MAX_XML_DEPTH} levels (line ${parser.line}): refused`,
      );
    }
    handlers.open(tag);
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    handlers.close(tag);
  });
  parser.on('text', (value) => handlers.text(value));
  parser.on('cdata', (value) => handlers.text(value));

  for await (const piece of text) {
    // Until the root opens, feed small slices: a DOCTYPE is held whole by the parser until it
    // ends, so a huge one must be refused before it is read.
    const step = hasRoot ? piece.length : 16 * 1024;
    for (let at = 0; at < piece.length; at += step) {
      const slice = step >= piece.length ? piece : piece.slice(at, at + step);
      parser.write(slice);
      if (!hasRoot) {
        prologChars += slice.length;
        if (prologChars > MAX_PROLOG_CHARS) {
          throw new FormatError(
            `The XML has more than ${MAX_PROLOG_CHARS} characters before its root element: refused`,
          );
        }
      }
    }
    if (out.length > 0) yield out.splice(0);
  }
  parser.close();
  if (!hasRoot) throw new FormatError('The file is empty: it has no XML root element');
  if (out.length > 0) yield out.splice(0);
}
