/**
 * The one rule for numbers that arrive as text (query strings, paths, headers, the LILT-API
 * header): decimal digits only, with a leading `-` where negatives make sense and a fraction where
 * the parameter is not an integer. No spaces, no `+`, no `0x`/`0b`/`0o`, no exponent: JavaScript's
 * `Number()` reads all of those, which is how `?id=0x10` once reached file 16.
 */
const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

export const isDecimalInteger = (text: string): boolean => INTEGER.test(text);
export const isDecimalNumber = (text: string): boolean => NUMBER.test(text);

/** A positive id written in decimal digits, or null. */
export function parseId(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/**
 * `"3,1,3"` -> `[1, 3]`: the ids of a comma list, once each, in order; null when any item is not
 * an id (the whole list is refused, never part of it).
 */
export function parseIdList(list: string): number[] | null {
  const ids: number[] = [];
  for (const item of list.split(',')) {
    const id = parseId(item);
    if (id === null) return null;
    ids.push(id);
  }
  return [...new Set(ids)].sort((a, b) => a - b);
}
