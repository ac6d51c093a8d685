import type { RefObject } from 'react';
import { useCommentStore } from './comment-store';
import { useSelectionInside } from './source-selection';

interface SelectionCommentButtonProps {
  /** The active segment's source. */
  sourceRef: RefObject<HTMLElement | null>;
  segmentId: number;
}

// A screen reader hears the start of a long selection, not all of it.
const shortened = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/**
 * Appears under a selection in the active source: quotes it in the reply box. It follows the
 * source in the tab order, and Ctrl+Alt+M does the same from the keyboard.
 */
export function SelectionCommentButton({ sourceRef, segmentId }: SelectionCommentButtonProps) {
  const selection = useSelectionInside(sourceRef);
  if (!selection) return null;
  return (
    <button
      type="button"
      className="button button-small selection-comment"
      style={{ top: selection.top + 4, left: selection.left }}
      // Keeps the selection while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        useCommentStore.getState().quote(segmentId, selection.text);
        window.getSelection()?.removeAllRanges();
      }}
      aria-label={`Comment on “${shortened(selection.text)}” (Ctrl+Alt+M)`}
      data-testid="selection-comment"
    >
      Comment
    </button>
  );
}
