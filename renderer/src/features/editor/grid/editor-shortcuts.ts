const IS_MAC = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);

/** What an editor key does (see EditorKeyboardHelp). */
export type EditorShortcut =
  | { kind: 'confirm' }
  | { kind: 'take-back-review' }
  | { kind: 'move'; step: -1 | 1 }
  | { kind: 'comment' }
  | { kind: 'insert'; index: number }
  | { kind: 'copy-source' }
  | { kind: 'find' }
  | { kind: 'go-to' }
  | { kind: 'qa-report' }
  | { kind: 'concordance' }
  | { kind: 'replace' }
  | { kind: 'undo-replace' };

/** The parts of a keyboard event the shortcuts read (a React or DOM event, or a test's object). */
export interface ShortcutKey {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  getModifierState: (key: 'AltGraph') => boolean;
}

/**
 * The shortcut a key is, if any. Ctrl+1..9 insert a match; Alt+1..9 too, since a browser keeps
 * Ctrl+digits for its tabs, except on a Mac, where Option+digit types characters (¡, ™, £) and
 * Cmd+1..9 is the shortcut. AltGr (Ctrl+Alt on Windows) types characters, so it is never one.
 */
export function editorShortcut(event: ShortcutKey, isMac = IS_MAC): EditorShortcut | null {
  const isCtrl = event.ctrlKey || event.metaKey;
  const isAltGr = event.getModifierState('AltGraph');
  // In review mode Ctrl+Enter reviews; with Shift it takes the review back (memoQ's habit).
  if (isCtrl && event.key === 'Enter') {
    return { kind: event.shiftKey ? 'take-back-review' : 'confirm' };
  }
  // F8: the document's QA report (free in browsers and Electron; no modifier needed).
  if (event.key === 'F8' && !isCtrl && !event.altKey && !event.shiftKey) {
    return { kind: 'qa-report' };
  }
  if ((event.altKey || isCtrl) && event.key === 'ArrowDown') return { kind: 'move', step: 1 };
  if ((event.altKey || isCtrl) && event.key === 'ArrowUp') return { kind: 'move', step: -1 };
  // Ctrl+Alt+M: Word's "new comment".
  if (isCtrl && event.altKey && event.code === 'KeyM' && !isAltGr) return { kind: 'comment' };
  const isAltDigit = event.altKey && !isMac;
  if (/^Digit[1-9]$/.test(event.code) && !event.shiftKey && !isAltGr && isCtrl !== isAltDigit) {
    return { kind: 'insert', index: Number(event.code.slice(5)) - 1 };
  }
  if (isCtrl && event.shiftKey && !event.altKey && event.key.toLowerCase() === 's') {
    return { kind: 'copy-source' };
  }
  // Ctrl+H: replace, as in Word and memoQ; with Shift, undo the last replace.
  if (isCtrl && !event.altKey && event.code === 'KeyH') {
    return { kind: event.shiftKey ? 'undo-replace' : 'replace' };
  }
  if (isCtrl && !event.shiftKey && !event.altKey) {
    const letter = event.key.toLowerCase();
    if (letter === 'f') return { kind: 'find' };
    if (letter === 'g') return { kind: 'go-to' };
    if (letter === 'k') return { kind: 'concordance' };
  }
  return null;
}

/** Fields whose keys are their own: typing and sending a comment, editing one, the filters. */
function isTextField(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      element.type,
    );
  }
  return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * Whether the editor's shortcuts act on a key from `target`: the active segment's target editor,
 * or anything that is not a text field (the source, a button, the grid).
 */
export function isShortcutSource(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  if (target instanceof HTMLTextAreaElement && target.classList.contains('segment-editor')) {
    return true;
  }
  return !isTextField(target);
}
