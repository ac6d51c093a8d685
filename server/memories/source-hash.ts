/**
 * The `source_hash` of a unit: cyrb53 (a public-domain 53-bit string hash) of the stored source,
 * over its UTF-16 code units. It only narrows exact lookups and duplicate checks to a few rows,
 * which then compare the text itself, so a collision costs a comparison, never a wrong answer.
 * Stored in the database: never change the function without a migration that rehashes.
 */
export function sourceHash(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
