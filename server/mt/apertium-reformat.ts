import { parseAnswer, type AnswerItem, type EncodedSegment } from './apertium-stream';
import type { SplitSegment } from './inline-codes';

/** Where a code's superblank was dropped because its pair was placed by the word-bound blanks. */
type Item = AnswerItem | { kind: 'seam' };

/**
 * Rebuilds a translated segment from Apertium's answer (stream format, terminator removed). Every
 * code comes back exactly once and pairs nest as in the source, whatever the pipeline did.
 */
export function decodeAnswer(encoded: EncodedSegment, answer: string): string {
  const { split } = encoded;
  if (!split) return encoded.lead + encoded.trail;
  let items = parseAnswer(answer);
  if (encoded.addedPeriod) items = dropFinalPeriod(items);
  items = settleCodes(items, split.codes.length);
  return encoded.lead + render(placeByHints(items, split) ?? items, split) + encoded.trail;
}

function dropFinalPeriod(items: AnswerItem[]): AnswerItem[] {
  const last = items.at(-1);
  if (last?.kind !== 'text' || !last.text.endsWith('.')) return items;
  const text = last.text.slice(0, -1);
  return text ? [...items.slice(0, -1), { ...last, text }] : items.slice(0, -1);
}

/**
 * Superblanks come back in order in practice; this makes it a guarantee. Duplicates are dropped,
 * a missing code goes at the end, and the code slots are handed out in source order.
 */
function settleCodes(items: AnswerItem[], count: number): AnswerItem[] {
  const seen = new Set<number>();
  const settled = items.filter((item) => {
    if (item.kind !== 'code') return true;
    if (item.code >= count || seen.has(item.code)) return false;
    seen.add(item.code);
    return true;
  });
  for (let code = 0; code < count; code += 1) {
    if (!seen.has(code)) settled.push({ kind: 'code', code });
  }
  let next = 0;
  return settled.map((item) => (item.kind === 'code' ? { kind: 'code', code: next++ } : item));
}

/**
 * Moves each tag pair around the words that carry its word-bound blank (its own or a nested
 * pair's). Returns null when no pair has surviving words or when the result would not nest exactly
 * as the source did; the superblank positions are then kept.
 */
function placeByHints(items: AnswerItem[], split: SplitSegment): Item[] | null {
  const { pairs, codes } = split;
  const first = pairs.map(() => -1);
  const last = pairs.map(() => -1);
  items.forEach((item, index) => {
    if (item.kind !== 'text' || !item.text.trim()) return;
    for (const mark of item.marks) {
      for (let pair = mark; pair >= 0 && pair < pairs.length; pair = pairs[pair]!.parent) {
        if (first[pair] === -1) first[pair] = index;
        last[pair] = index;
      }
    }
  });
  if (first.every((index) => index === -1)) return null;

  const placed: Item[] = [];
  items.forEach((item, index) => {
    first.forEach((at, pair) => at === index && placed.push(codeItem(pairs[pair]!.open)));
    const pair = item.kind === 'code' ? codes[item.code]!.pair : undefined;
    placed.push(pair !== undefined && first[pair] !== -1 ? { kind: 'seam' } : item);
    for (let pair = pairs.length - 1; pair >= 0; pair -= 1) {
      if (last[pair] === index) placed.push(codeItem(pairs[pair]!.close));
    }
  });
  return nestsAsSource(placed, split) ? placed : null;
}

const codeItem = (code: number): AnswerItem => ({ kind: 'code', code });

function nestsAsSource(items: Item[], { pairs, codes }: SplitSegment): boolean {
  const stack: number[] = [];
  for (const item of items) {
    if (item.kind !== 'code') continue;
    const { role, pair } = codes[item.code]!;
    if (role === 'open' && (stack.at(-1) ?? -1) !== pairs[pair!]!.parent) return false;
    if (role === 'open') stack.push(pair!);
    if (role === 'close' && stack.pop() !== pair) return false;
  }
  return stack.length === 0;
}

const PUNCTUATION = /^ *[.,;:!?…)\]}»”]/;

/**
 * Codes and blanks come out verbatim. Apertium's own spacing is tidied: runs of spaces left by
 * dropped words collapse, the segment is trimmed (the caller's outer whitespace is restored
 * around it), and where a moved code's superblank left a space before punctuation, it goes.
 */
function render(items: Item[], { codes }: SplitSegment): string {
  const pieces: { text: string; plain: boolean }[] = [];
  let seam = false;
  for (const item of items) {
    if (item.kind === 'seam') {
      seam = true;
      continue;
    }
    let text = item.kind === 'code' ? codes[item.code]!.text : item.text;
    const previous = pieces.at(-1);
    if (item.kind === 'text' && seam && PUNCTUATION.test(text)) {
      text = text.trimStart();
      if (previous?.plain) previous.text = previous.text.replace(/ +$/, '');
    }
    if (item.kind === 'text' && previous?.plain) previous.text += text;
    else pieces.push({ text, plain: item.kind === 'text' });
    seam = false;
  }
  for (const piece of pieces) if (piece.plain) piece.text = piece.text.replace(/ {2,}/g, ' ');
  const [head, tail] = [pieces[0], pieces.at(-1)];
  if (head?.plain) head.text = head.text.replace(/^ +/, '');
  if (tail?.plain) tail.text = tail.text.replace(/ +$/, '');
  return pieces.map((piece) => piece.text).join('');
}
