/** The editor's shortcuts; the target box points screen readers here (aria-describedby). */
export function EditorKeyboardHelp() {
  return (
    <section
      className="editor-panel-section keyboard-help editor-keyboard-help"
      id="editor-keyboard-help"
      aria-label="Keyboard shortcuts"
      data-testid="editor-keyboard-help"
    >
      <h2 className="editor-panel-title">Keyboard</h2>
      <ul>
        <li>
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd> confirms the segment and goes to the next unconfirmed one
        </li>
        <li>
          In review mode (the Review button), <kbd>Ctrl</kbd>+<kbd>Enter</kbd> marks the segment
          reviewed and goes to the next unreviewed one; <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+
          <kbd>Enter</kbd> takes the review back
        </li>
        <li>
          <kbd>Alt</kbd>+<kbd>↓</kbd>/<kbd>↑</kbd> (or <kbd>Ctrl</kbd>+<kbd>↓</kbd>/<kbd>↑</kbd>) go
          to the next or previous segment, keeping what you typed as a draft
        </li>
        <li>
          <kbd>Ctrl</kbd>+<kbd>1</kbd>…<kbd>9</kbd> or <kbd>Alt</kbd>+<kbd>1</kbd>…<kbd>9</kbd>{' '}
          inserts that match (in a browser, Ctrl+digits switch tabs: use Alt)
        </li>
        <li>
          <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>S</kbd> copies the source into the target
        </li>
        <li>
          <kbd>Ctrl</kbd>+<kbd>Alt</kbd>+<kbd>M</kbd> comments on the segment, quoting the text
          selected in its source or target
        </li>
        <li>
          <kbd>Ctrl</kbd>+<kbd>F</kbd> searches the segments (<kbd>Esc</kbd> clears the search),{' '}
          <kbd>Ctrl</kbd>+<kbd>G</kbd> goes to a segment number
        </li>
        <li>
          <kbd>Ctrl</kbd>+<kbd>H</kbd> replaces in the targets, <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+
          <kbd>H</kbd> undoes the last replace
        </li>
        <li>
          <kbd>Ctrl</kbd>+<kbd>K</kbd> looks up the selected words (or the source) in the memory (
          <kbd>Esc</kbd> closes)
        </li>
        <li>
          <kbd>F8</kbd> opens or closes the QA report of the whole document
        </li>
        <li>
          In a comment, <kbd>Enter</kbd> sends and <kbd>Shift</kbd>+<kbd>Enter</kbd> starts a new
          line
        </li>
      </ul>
    </section>
  );
}
