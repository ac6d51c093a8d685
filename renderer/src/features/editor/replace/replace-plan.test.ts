import { describe, expect, it } from 'vitest';
import { testSegment } from '../find/test-segments';
import { editorShortcut } from '../grid/editor-shortcuts';
import { planReplace, replaceItems, undoItems } from './replace-plan';

const segments = [
  testSegment({ id: 1, target: 'Abra el archivo.', is_confirmed: true }),
  testSegment({ id: 2, target: 'Guarde el archivo.', match_score: 85, target_origin: 'tm' }),
  testSegment({ id: 3, target: '' }),
  testSegment({ id: 4, target: 'Cierre el <x id="archivo"/> archivo.' }),
  testSegment({ id: 5, target: 'Otro archivo.' }),
];
const query = { pattern: /archivo/i, replacement: 'fichero', isRegex: false };

describe('planReplace', () => {
  it('changes the targets of the segments shown, skips codes and segments being edited', () => {
    const plan = planReplace(segments, [0, 1, 2, 3, 4], query, (id) => id === 5);
    expect(plan.changes.map((change) => [change.number, change.after])).toEqual([
      [1, 'Abra el fichero.'],
      [2, 'Guarde el fichero.'],
      [4, 'Cierre el <x id="archivo"/> fichero.'],
    ]);
    expect(plan).toMatchObject({ replaced: 3, skipped: 1, editing: 1 });
    // Only the indices given (the filters' rows) are looked at.
    expect(planReplace(segments, [1], query, () => false).changes).toHaveLength(1);
  });

  it('turns confirmed segments into drafts unless they are kept confirmed', () => {
    const { changes } = planReplace(segments, [0, 1], query, () => false);
    expect(replaceItems(changes, false)).toEqual([
      {
        id: 1,
        target: 'Abra el fichero.',
        expected_target: 'Abra el archivo.',
        is_confirmed: false,
        match_score: null,
      },
      {
        id: 2,
        target: 'Guarde el fichero.',
        expected_target: 'Guarde el archivo.',
        is_confirmed: false,
        match_score: null,
      },
    ]);
    expect(replaceItems(changes, true).map((item) => item.is_confirmed)).toEqual([true, false]);
    const emptied = planReplace(segments, [4], { ...query, pattern: /.+/ }, () => false);
    expect(replaceItems(emptied.changes, true)[0]).toMatchObject({ target: 'fichero' });
    const cleared = planReplace(
      segments,
      [0],
      { ...query, pattern: /.+/, replacement: '' },
      () => false,
    );
    expect(replaceItems(cleared.changes, true)[0]).toMatchObject({
      target: '',
      is_confirmed: false,
    });
  });

  it('undoes to the target, confirmation, score and origin each segment had', () => {
    const saved = [
      testSegment({ id: 1, target: 'Abra el fichero.' }),
      testSegment({ id: 2, target: 'Guarde el fichero.', target_origin: 'user' }),
    ];
    expect(undoItems(segments, saved)).toEqual([
      {
        id: 1,
        target: 'Abra el archivo.',
        expected_target: 'Abra el fichero.',
        is_confirmed: true,
        match_score: null,
      },
      {
        id: 2,
        target: 'Guarde el archivo.',
        expected_target: 'Guarde el fichero.',
        is_confirmed: false,
        match_score: 85,
        target_origin: 'tm',
      },
    ]);
  });

  it('is opened with Ctrl+H and undone with Ctrl+Shift+H', () => {
    const key = { key: 'h', code: 'KeyH', metaKey: false, altKey: false };
    const press = (shiftKey: boolean) =>
      editorShortcut({ ...key, ctrlKey: true, shiftKey, getModifierState: () => false }, false);
    expect(press(false)).toEqual({ kind: 'replace' });
    expect(press(true)).toEqual({ kind: 'undo-replace' });
  });
});
