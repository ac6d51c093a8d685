import type { CodeSpan } from './inline-codes';

/**
 * Pairing, a layer over the scanner: which closing code belongs to which opening one. Used by the
 * MT engine (to keep a pair around its words) and the tag placer (to place pairs whole).
 */

// Native pairs link their halves by an attribute, not by nesting: XLIFF `rid` (else `id`), TMX `i`.
const LINKED = new Set(['bpt', 'ept', 'bx', 'ex']);
const LINK_ATTRIBUTE = /\s(rid|i|id)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** What a closing code must share with its opening one: the link for native pairs, else the name. */
export function pairingKey(text: string, span: CodeSpan): string {
  const name = span.name.toLowerCase();
  if (!LINKED.has(name)) return `tag:${span.name}`;
  const tag = text.slice(span.start, span.end);
  const head = tag.slice(0, tag.indexOf('>'));
  const links = new Map<string, string>();
  for (const m of head.matchAll(LINK_ATTRIBUTE)) links.set(m[1]!, m[2] ?? m[3] ?? '');
  return `native:${links.get('rid') ?? links.get('i') ?? links.get('id') ?? ''}`;
}

/**
 * The partner of each span (an index into `spans`), -1 for none. Matches like an HTML parser
 * recovers: a closing code pairs with the nearest open one of the same key, and any opened inside
 * it and never closed stays unpaired. So pairs always nest properly, even for overlapping
 * `bpt`/`ept` (which XLIFF allows). Standalone codes and placeholders have no partner.
 */
export function pairCodes(text: string, spans: readonly CodeSpan[]): number[] {
  const partners = spans.map(() => -1);
  const keys = spans.map((span) =>
    span.kind === 'open' || span.kind === 'close' ? pairingKey(text, span) : '',
  );
  const open: number[] = [];
  spans.forEach((span, index) => {
    if (span.kind === 'open') open.push(index);
    if (span.kind !== 'close') return;
    const at = open.findLastIndex((o) => keys[o] === keys[index]);
    if (at < 0) return;
    const opener = open[at]!;
    open.length = at;
    partners[opener] = index;
    partners[index] = opener;
  });
  return partners;
}
