/** A piece of a text: marked or not. */
export interface RangePart {
  text: string;
  isMarked: boolean;
}

/**
 * Cuts `text` at the ranges (UTF-16 `[start, end)`, as the server gives them) into plain and
 * marked parts. Ranges out of order, overlapping or past the end are clipped, never thrown on.
 */
export function rangeParts(text: string, ranges: readonly (readonly [number, number])[]) {
  const parts: RangePart[] = [];
  let at = 0;
  for (const [rawStart, rawEnd] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(at, Math.min(rawStart, text.length));
    const end = Math.min(rawEnd, text.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), isMarked: false });
    parts.push({ text: text.slice(start, end), isMarked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), isMarked: false });
  return parts;
}
