import { parseSegment } from './inline-codes';

type Range = [number, number];

/** A code as offsets into the file: a pair (its start and end markup) or markup kept whole. */
export type RangeCode = { open: Range; close: Range } | { whole: Range };

/**
 * A target back into the file's markup: text through `escape`, each code as the file's own
 * bytes (`render` gives a range's, with any translations inside it applied). Codes the
 * translator dropped are dropped; a pair left open is closed at the end and a stray end is left
 * out, so the markup stays balanced.
 */
export function renderSegment(
  target: string,
  codes: RangeCode[],
  render: (range: Range) => string,
  escape: (text: string) => string,
): string {
  let out = '';
  const open: number[] = [];
  for (const token of parseSegment(target)) {
    if (token.kind === 'text') {
      out += escape(token.text);
      continue;
    }
    if (token.tag === 'ph') {
      out += token.native ?? '';
      continue;
    }
    const index = Number(token.id) - 1;
    const code = codes[index];
    if (!code) continue;
    if ('whole' in code) {
      if (token.role === 'standalone') out += render(code.whole);
    } else if (token.role === 'open') {
      open.push(index);
      out += render(code.open);
    } else if (token.role === 'close' && open.includes(index)) {
      // Close what is open above it first: the pair is balanced either way.
      while (open.length > 0) {
        const top = open.pop()!;
        out += render((codes[top] as { close: Range }).close);
        if (top === index) break;
      }
    }
  }
  while (open.length > 0) out += render((codes[open.pop()!] as { close: Range }).close);
  return out;
}
