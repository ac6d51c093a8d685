import { searchHits, type SearchScope } from './search';

/** The name the stylesheet paints (`::highlight(find-hit)`). */
const HIGHLIGHT = 'find-hit';

export interface HitPattern {
  pattern: RegExp;
  scope: SearchScope;
}

const SOURCES = '[data-testid="segment-source"]';
// The active target is a textarea, which a highlight cannot reach: only the others.
const TARGETS = '[data-testid="segment-target"] > p';
const SELECTORS: Record<SearchScope, string> = {
  both: `${SOURCES}, ${TARGETS}`,
  source: SOURCES,
  target: TARGETS,
};

/** The ranges of the hits in one element's text, across the spans its codes and terms make. */
function hitRanges(element: Element, pattern: RegExp): Range[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const nodes: { node: Text; start: number }[] = [];
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node instanceof Text)) continue;
    nodes.push({ node, start: text.length });
    text += node.data;
  }
  const at = (offset: number, isEnd: boolean) => {
    const found = nodes.findLast(({ start, node }) =>
      isEnd ? start < offset : start <= offset && offset < start + node.length,
    );
    return found ? { node: found.node, offset: offset - found.start } : null;
  };
  return searchHits(text, pattern).flatMap(([start, end]) => {
    const from = at(start, false);
    const to = at(end, true);
    if (!from || !to) return [];
    const range = document.createRange();
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    return [range];
  });
}

/**
 * Paints the search's hits in the rows rendered under `root`, with the CSS Custom Highlight API:
 * no element is added, so the rows (and their props) stay as they are. Where the API is missing
 * (tests' DOM), nothing is painted.
 */
export function paintSearchHits(root: HTMLElement | null, hits: HitPattern | null): void {
  if (typeof CSS === 'undefined' || !('highlights' in CSS) || typeof Highlight === 'undefined') {
    return;
  }
  if (!root || !hits) {
    CSS.highlights.delete(HIGHLIGHT);
    return;
  }
  const ranges = Array.from(root.querySelectorAll(SELECTORS[hits.scope])).flatMap((element) =>
    hitRanges(element, hits.pattern),
  );
  CSS.highlights.set(HIGHLIGHT, new Highlight(...ranges));
}
