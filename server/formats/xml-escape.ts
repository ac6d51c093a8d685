/** Escaping and unescaping XML text and attribute values, for every writer and reader here. */

// Characters XML 1.0 does not allow at all; they cannot be escaped, so they are dropped.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `&`, `<` and `>` escaped, nothing else: for a writer that handles what XML cannot hold itself. */
export function escapeXmlChars(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Character data for XML: `&`, `<` and `>` escaped, characters XML cannot hold dropped. */
export function escapeXmlText(text: string): string {
  return escapeXmlChars(text.replace(NOT_XML, ''));
}

/**
 * A double-quoted attribute value: also `"`, and the whitespace a parser would turn into spaces
 * (tab, line feed, carriage return) as character references.
 */
export function escapeXmlAttr(text: string): string {
  return escapeXmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Resolves the predefined XML entities and character references. */
export function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (m, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return XML_ENTITIES[ref] ?? m;
  });
}
