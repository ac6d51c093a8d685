import { describe, expect, it } from 'vitest';
import { editorShortcut, type ShortcutKey } from './editor-shortcuts';

const press = (
  keys: Partial<ShortcutKey> & { key: string; code?: string },
  altGr = false,
  isMac = false,
) =>
  editorShortcut(
    {
      code: '',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      getModifierState: () => altGr,
      ...keys,
    },
    isMac,
  );

describe('editor shortcuts', () => {
  it('confirms, moves, comments and copies the source', () => {
    expect(press({ key: 'Enter', ctrlKey: true })).toEqual({ kind: 'confirm' });
    expect(press({ key: 'Enter', ctrlKey: true, shiftKey: true })).toEqual({
      kind: 'take-back-review',
    });
    expect(press({ key: 'Enter' })).toBeNull();
    expect(press({ key: 'ArrowDown', altKey: true })).toEqual({ kind: 'move', step: 1 });
    expect(press({ key: 'ArrowUp', ctrlKey: true })).toEqual({ kind: 'move', step: -1 });
    expect(press({ key: 'm', code: 'KeyM', ctrlKey: true, altKey: true })).toEqual({
      kind: 'comment',
    });
    expect(press({ key: 'S', code: 'KeyS', ctrlKey: true, shiftKey: true })).toEqual({
      kind: 'copy-source',
    });
  });

  it('opens the QA report with F8 alone', () => {
    expect(press({ key: 'F8', code: 'F8' })).toEqual({ kind: 'qa-report' });
    expect(press({ key: 'F8', code: 'F8', ctrlKey: true })).toBeNull();
    expect(press({ key: 'F8', code: 'F8', shiftKey: true })).toBeNull();
  });

  it('finds (Ctrl+F) and goes to a segment number (Ctrl+G), Cmd on a Mac', () => {
    expect(press({ key: 'f', code: 'KeyF', ctrlKey: true })).toEqual({ kind: 'find' });
    expect(press({ key: 'g', code: 'KeyG', metaKey: true }, false, true)).toEqual({
      kind: 'go-to',
    });
    expect(press({ key: 'F', code: 'KeyF', ctrlKey: true, shiftKey: true })).toBeNull();
    expect(press({ key: 'k', code: 'KeyK', ctrlKey: true })).toEqual({ kind: 'concordance' });
    expect(press({ key: 'K', code: 'KeyK', ctrlKey: true, shiftKey: true })).toBeNull();
    expect(press({ key: 'f', code: 'KeyF' })).toBeNull();
  });

  it('inserts a match with Ctrl+digit, or Alt+digit where a browser keeps Ctrl for tabs', () => {
    expect(press({ key: '1', code: 'Digit1', ctrlKey: true })).toEqual({
      kind: 'insert',
      index: 0,
    });
    expect(press({ key: '¡', code: 'Digit3', altKey: true })).toEqual({ kind: 'insert', index: 2 });
    expect(press({ key: '3', code: 'Digit3' })).toBeNull();
    expect(press({ key: '0', code: 'Digit0', ctrlKey: true })).toBeNull();
    expect(press({ key: '3', code: 'Digit3', ctrlKey: true, altKey: true })).toBeNull();
  });

  it('leaves AltGr (Ctrl+Alt on Windows) to type characters', () => {
    expect(press({ key: 'µ', code: 'KeyM', ctrlKey: true, altKey: true }, true)).toBeNull();
    expect(press({ key: '@', code: 'Digit2', altKey: true }, true)).toBeNull();
  });

  it('leaves Option+digit to type characters on a Mac, where Cmd+digit inserts', () => {
    expect(press({ key: '¡', code: 'Digit1', altKey: true }, false, true)).toBeNull();
    expect(press({ key: '1', code: 'Digit1', metaKey: true }, false, true)).toEqual({
      kind: 'insert',
      index: 0,
    });
  });
});
