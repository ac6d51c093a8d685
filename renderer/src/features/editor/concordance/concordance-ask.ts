import { MAX_CONCORDANCE_QUERY } from '../../../../../shared/api/concordance';
import type { ConcordanceAsk } from './concordance-store';

/** Which side a selection is on: the grid's target cells hold the target. */
function sideOf(node: Node | null): ConcordanceAsk['side'] {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  return element?.closest('.segment-target') ? 'target' : 'source';
}

/**
 * What Ctrl+K looks for: the text selected in the target editor (`target`, the key's field) or
 * on the page (the source, or a target cell), else the active segment's whole source. Trimmed,
 * and cut to what the server takes; null when there is nothing to look for.
 */
export function concordanceAsk(
  target: EventTarget | null,
  activeSource: string,
  selection: Selection | null,
): ConcordanceAsk | null {
  let ask: ConcordanceAsk = { text: activeSource, side: 'source' };
  if (
    (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) &&
    target.selectionStart !== null &&
    target.selectionEnd !== null &&
    target.selectionEnd > target.selectionStart
  ) {
    ask = { text: target.value.slice(target.selectionStart, target.selectionEnd), side: 'target' };
  } else if (selection && !selection.isCollapsed && selection.toString().trim() !== '') {
    ask = { text: selection.toString(), side: sideOf(selection.anchorNode) };
  }
  const text = ask.text.trim().slice(0, MAX_CONCORDANCE_QUERY);
  return text === '' ? null : { ...ask, text };
}
