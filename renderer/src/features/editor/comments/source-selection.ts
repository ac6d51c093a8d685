import { useEffect, useState, type RefObject } from 'react';
import { MAX_COMMENT_TEXT } from '../../../../../shared/api/comments';

/** Text selected inside an element, and where the selection ends (relative to the element). */
export interface SourceSelection {
  text: string;
  top: number;
  left: number;
}

/** The selected text when the whole selection lies inside `within`; null otherwise. */
export function selectionInside(within: Element | null): SourceSelection | null {
  const selection = window.getSelection();
  if (!within || !selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!within.contains(range.startContainer) || !within.contains(range.endContainer)) return null;
  const text = quotable(selection.toString());
  if (!text) return null;
  const box = range.getBoundingClientRect();
  const frame = within.getBoundingClientRect();
  return { text, top: box.bottom - frame.top, left: Math.max(0, box.left - frame.left) };
}

/** What a quote keeps of a selection: trimmed, and no longer than a comment may be. */
export function quotable(text: string): string {
  return text.trim().slice(0, MAX_COMMENT_TEXT);
}

/**
 * What the user has selected to comment on: the target field's own selection when the keys were
 * pressed there, else the page's selection inside `within` (the source).
 */
export function selectedQuote(
  field: HTMLTextAreaElement | null,
  within: Element | null,
): string | null {
  if (field && field.selectionStart < field.selectionEnd) {
    return quotable(field.value.slice(field.selectionStart, field.selectionEnd)) || null;
  }
  return selectionInside(within)?.text ?? null;
}

/** Follows the page's selection while it lies inside the element. */
export function useSelectionInside(ref: RefObject<Element | null>): SourceSelection | null {
  const [selection, setSelection] = useState<SourceSelection | null>(null);
  useEffect(() => {
    const update = () => setSelection(selectionInside(ref.current));
    update();
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, [ref]);
  return selection;
}
