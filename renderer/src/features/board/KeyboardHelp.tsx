/** Referenced by every card (aria-describedby), so screen readers hear how to work the board. */
export const KEYBOARD_HELP_ID = 'board-keyboard-help';

/** The board's keyboard shortcuts, shown under the filters. */
export function KeyboardHelp() {
  return (
    <p className="keyboard-help" id={KEYBOARD_HELP_ID} data-testid="board-keyboard-help">
      On a card: <kbd>↑</kbd> <kbd>↓</kbd> <kbd>←</kbd> <kbd>→</kbd> move the focus, <kbd>Alt</kbd>+
      <kbd>←</kbd>/<kbd>→</kbd> moves the project a column, <kbd>Enter</kbd> opens its actions,{' '}
      <kbd>Delete</kbd> deletes it.
    </p>
  );
}
