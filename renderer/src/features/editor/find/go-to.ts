/** A segment number typed in the go-to field: its 0-based index, or why it cannot be gone to. */
export type GoToResult = { kind: 'ok'; index: number } | { kind: 'invalid'; message: string };

/** Reads "3", " #3 " or "1,204" (as the grid writes big numbers) for a document of `count`. */
export function parseGoTo(input: string, count: number): GoToResult {
  const digits = input
    .trim()
    .replace(/^#/, '')
    .replace(/[\s,.\u00a0\u202f]/g, '');
  const range =
    count === 1 ? 'This document has one segment.' : `Type 1 to ${count.toLocaleString()}.`;
  if (!/^\d+$/.test(digits)) {
    return { kind: 'invalid', message: `Type a segment number. ${range}` };
  }
  const number = Number(digits);
  if (number < 1 || number > count) {
    return { kind: 'invalid', message: `There is no segment ${number.toLocaleString()}. ${range}` };
  }
  return { kind: 'ok', index: number - 1 };
}
