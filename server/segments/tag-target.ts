import { findCodeSpans } from '../../shared/inline-codes';
import { pairCodes } from '../../shared/inline-codes-pairs';

/**
 * `GET /segments/tag`: puts the inline tags of a tagged source into its untagged translation.
 *
 * The heuristic, in order:
 * 1. Tags are the tag codes of shared/inline-codes.ts: `<b>`, `</b>`, `<br/>`, the canonical
 *    `<g id="1">`/`<x id="2"/>`, and `<ph ...>native</ph>` as one standalone tag. Opening and
 *    closing tags pair up by name (native `bpt`/`ept` by their link, inline-codes-pairs.ts).
 * 2. Tags the target already has are kept where they are (a broken pair in the target is
 *    dropped); only the source's other tags are placed.
 * 3. A tag with no source words before it goes to the very start of the target; one with no
 *    words after it to the very end. So a pair wrapping the whole source wraps the whole target.
 * 4. Any other tag goes to the same proportional word position in the target (an opening tag
 *    rounds down, a closing one up), opening tags before a word, closing tags after one; a pair
 *    that wrapped words in the source wraps at least one word.
 * 5. Tags are placed in source order, so the result nests as the source does. Should the kept
 *    tags cross the placed ones, the target's tags are dropped and all the source's placed instead:
 *    the result is always well-formed.
 */
export function tagTarget(sourceTagged: string, target: string): string {
  const source = parse(sourceTagged);
  const sourceTags = source.filter(isTag);
  if (sourceTags.length === 0) return target;
  const existing = keepPaired(parse(target));
  const placed = place(source, existing);
  if (placed !== null && isWellFormed(parse(placed))) return placed;
  return place(source, parse(plainText(existing))) ?? plainText(existing);
}

type Kind = 'open' | 'close' | 'standalone';
interface Tag {
  tag: string;
  kind: Kind;
  /** Index of the matching tag in the token list, for pairs. */
  partner: number;
}
type Token = string | Tag;

const isTag = (token: Token): token is Tag => typeof token !== 'string';
const WORD = /\S+/g;

/**
 * Text and tags (shared/inline-codes.ts; placeholders stay text here), paired as the shared
 * pairing does: unpaired ones keep partner -1. `<bx/>`/`<ex/>` mark a pair's half whose other
 * half is elsewhere by definition: they are placed like standalone tags.
 */
function parse(text: string): Token[] {
  const spans = findCodeSpans(text).filter((span) => span.kind !== 'placeholder');
  const partners = pairCodes(text, spans);
  const tokens: Token[] = [];
  const at: number[] = [];
  let end = 0;
  for (const span of spans) {
    if (span.start > end) tokens.push(text.slice(end, span.start));
    const tag = text.slice(span.start, span.end);
    const isHalf = span.kind !== 'standalone' && tag.endsWith('/>');
    at.push(tokens.length);
    tokens.push({ tag, kind: isHalf ? 'standalone' : (span.kind as Kind), partner: -1 });
    end = span.end;
  }
  if (end < text.length) tokens.push(text.slice(end));
  partners.forEach((partner, k) => {
    if (partner >= 0) (tokens[at[k]!] as Tag).partner = at[partner]!;
  });
  return tokens;
}

const isBroken = (token: Token) => isTag(token) && token.kind !== 'standalone' && token.partner < 0;

function keepPaired(tokens: Token[]): Token[] {
  return tokens.some(isBroken)
    ? parse(
        tokens
          .filter((t) => !isBroken(t))
          .map(textOf)
          .join(''),
      )
    : tokens;
}

const textOf = (token: Token) => (isTag(token) ? token.tag : token);
const plainText = (tokens: Token[]) => tokens.filter((t) => !isTag(t)).join('');
const textAt = (tokens: Token[], i: number) => {
  const token = tokens[i];
  return token === undefined || isTag(token) ? '' : token;
};
const countWords = (text: string) => text.match(WORD)?.length ?? 0;

function isWellFormed(tokens: Token[]): boolean {
  return !tokens.some(isBroken);
}

/** The source's tags that the target lacks, in source order, with their word positions. */
function missingTags(source: Token[], target: Token[]) {
  const have = new Map<string, number>();
  for (const token of target) {
    // A pair counts once, by its opening tag; its closing tag follows it.
    if (isTag(token) && token.kind !== 'close') have.set(token.tag, (have.get(token.tag) ?? 0) + 1);
  }
  const skipped = new Set<number>();
  const missing: Array<{
    tag: Tag;
    before: number;
    after: number;
    index: number;
    isSpaced: boolean;
  }> = [];
  const total = countWords(plainText(source));
  let before = 0;
  source.forEach((token, index) => {
    if (!isTag(token)) {
      before += countWords(token);
      return;
    }
    if (skipped.has(index)) return;
    const count = have.get(token.tag) ?? 0;
    if (token.kind !== 'close' && count > 0) {
      have.set(token.tag, count - 1);
      if (token.partner >= 0) skipped.add(token.partner);
      return;
    }
    const isSpaced =
      token.kind === 'standalone' &&
      /\s$/.test(textAt(source, index - 1)) &&
      /^\s/.test(textAt(source, index + 1));
    missing.push({ tag: token, before, after: total - before, index, isSpaced });
  });
  return { missing, total };
}

function place(source: Token[], target: Token[]): string | null {
  const { missing, total } = missingTags(source, target);
  const words = wordSpans(target);
  const n = words.length;
  const slots = missing.map(({ tag, before, after }) => {
    if (before === 0) return 0;
    if (after === 0) return n;
    const exact = (before / total) * n;
    if (tag.kind === 'open') return Math.floor(exact);
    return tag.kind === 'close' ? Math.ceil(exact) : Math.round(exact);
  });
  // A pair that wrapped words wraps at least one; later tags move along to keep source order.
  const byIndex = new Map(missing.map((m, k) => [m.index, k]));
  for (let k = 0; k < missing.length; k++) {
    if (k > 0) slots[k] = Math.max(slots[k]!, slots[k - 1]!);
    const { tag, index } = missing[k]!;
    const opener = tag.kind === 'close' ? byIndex.get(tag.partner) : undefined;
    if (opener === undefined) continue;
    const wrapped = countWords(plainText(source.slice(tag.partner + 1, index)));
    if (wrapped > 0 && slots[k] === slots[opener] && slots[k]! < n) slots[k] = slots[k]! + 1;
  }
  const targetText = target.map(textOf).join('');
  const offsetOf = (k: number): number => {
    const slot = slots[k]!;
    if (slot <= 0) return 0;
    if (slot >= n) return targetText.length;
    // Tags of one slot stay together: after the word before when the first one closes.
    let first = k;
    while (first > 0 && slots[first - 1] === slot) first--;
    return missing[first]!.tag.kind === 'close' ? words[slot - 1]!.end : words[slot]!.start;
  };
  const offsets = missing.map((_, k) => offsetOf(k));
  missing.forEach(({ tag }, k) => {
    const opener = tag.kind === 'close' ? byIndex.get(tag.partner) : undefined;
    if (opener !== undefined) avoidCrossing(offsets, opener, k, pairSpans(target));
  });
  if (offsets.some((offset, k) => k > 0 && offset < offsets[k - 1]!)) return null;
  let out = '';
  let at = 0;
  missing.forEach((m, k) => {
    const offset = offsets[k]!;
    out += targetText.slice(at, offset) + m.tag.tag;
    // A standalone code between two words keeps a space on both sides, as in the source.
    if (
      m.isSpaced &&
      /\s$/.test(out.slice(0, -m.tag.tag.length)) &&
      /^\S/.test(targetText.slice(offset))
    ) {
      out += ' ';
    }
    at = offset;
  });
  return out + targetText.slice(at);
}

interface PairSpan {
  /** Where the opening tag starts and ends, and the closing tag starts and ends. */
  openStart: number;
  openEnd: number;
  closeStart: number;
  closeEnd: number;
}

/** Offsets of the target's own tag pairs. */
function pairSpans(tokens: Token[]): PairSpan[] {
  const starts: number[] = [];
  let offset = 0;
  for (const token of tokens) {
    starts.push(offset);
    offset += textOf(token).length;
  }
  const spans: PairSpan[] = [];
  tokens.forEach((token, i) => {
    if (!isTag(token) || token.kind !== 'open' || token.partner < 0) return;
    const close = tokens[token.partner] as Tag;
    spans.push({
      openStart: starts[i]!,
      openEnd: starts[i]! + token.tag.length,
      closeStart: starts[token.partner]!,
      closeEnd: starts[token.partner]! + close.tag.length,
    });
  });
  return spans;
}

/** Widens a placed pair until it no longer crosses one of the target's pairs. */
function avoidCrossing(offsets: number[], open: number, close: number, spans: PairSpan[]): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const span of spans) {
      const isInside = (x: number) => x >= span.openEnd && x <= span.closeStart;
      const o = offsets[open]!;
      const c = offsets[close]!;
      if (isInside(o) && c >= span.closeEnd) {
        offsets[open] = span.openStart;
        changed = true;
      } else if (isInside(c) && o <= span.openStart) {
        offsets[close] = span.closeEnd;
        changed = true;
      }
    }
  }
}

/** Start and end offsets (in the joined target) of the words of its text, tags excluded. */
function wordSpans(tokens: Token[]): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let offset = 0;
  for (const token of tokens) {
    if (!isTag(token)) {
      for (const match of token.matchAll(WORD)) {
        spans.push({ start: offset + match.index, end: offset + match.index + match[0].length });
      }
    }
    offset += textOf(token).length;
  }
  return spans;
}
