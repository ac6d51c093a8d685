/** Where the arrow keys take the focus from a card. */
export type CardNavigation = 'up' | 'down' | 'first' | 'last' | 'left' | 'right';

const NAVIGATION_KEYS: Record<string, CardNavigation> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'first',
  End: 'last',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

export type CardCommand =
  | { kind: 'navigate'; to: CardNavigation }
  | { kind: 'move'; step: -1 | 1 }
  | { kind: 'menu' }
  | { kind: 'delete' };

/**
 * The board's keyboard shortcuts on a focused card (also listed in KeyboardHelp):
 * arrows and Home/End move the focus, Alt+Left/Right move the project to the previous/next
 * column, Enter, Shift+F10 or the context-menu key open its actions, Delete asks to delete it.
 */
export function cardCommand(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): CardCommand | null {
  const { key, altKey, ctrlKey, metaKey, shiftKey } = event;
  if (ctrlKey || metaKey) return null;
  if (altKey) {
    if (key === 'ArrowLeft') return { kind: 'move', step: -1 };
    if (key === 'ArrowRight') return { kind: 'move', step: 1 };
    return null;
  }
  if (key === 'Enter' || key === 'ContextMenu' || (shiftKey && key === 'F10')) {
    return { kind: 'menu' };
  }
  if (shiftKey) return null;
  if (key === 'Delete') return { kind: 'delete' };
  const to = NAVIGATION_KEYS[key];
  return to ? { kind: 'navigate', to } : null;
}
