import { useQueryClient } from '@tanstack/react-query';
import type { EditorShortcut } from '../grid/editor-shortcuts';
import { undoReplace } from '../replace/replace-saves';
import { useReplaceStore } from '../replace/replace-store';
import { useFindStore } from './find-store';

/**
 * The find bar's keys, which work from any field of the editor (the bar's own included): find
 * (Ctrl+F), go to (Ctrl+G), replace (Ctrl+H) and undo the last replace (Ctrl+Shift+H). The
 * handler answers whether the key was one of them.
 */
export function useFindKeys(documentId: number): (shortcut: EditorShortcut | null) => boolean {
  const queryClient = useQueryClient();
  return (shortcut) => {
    if (shortcut?.kind === 'find') useFindStore.getState().focusSearch();
    else if (shortcut?.kind === 'go-to') useFindStore.getState().focusGoTo();
    else if (shortcut?.kind === 'replace') useReplaceStore.getState().openAndFocus();
    else if (shortcut?.kind === 'undo-replace') void undoReplace(queryClient, documentId);
    else return false;
    return true;
  };
}
