import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installTestBridge } from '../../../test-bridge';
import { useEditorStore } from '../editor-store';
import { testSegment } from '../loading/test-pages';
import {
  activeNumber,
  answerSaves,
  confirmedDocument,
  projectRead,
  renderEditor,
  reviewModeOn,
  rows,
  saves,
  server,
  setUpReviewTests,
  statusOf,
  toggle,
} from './review-test-editor';
import { reviewProject } from './test-project';

const invoke = installTestBridge();
setUpReviewTests(invoke);

describe('review mode in the editor', () => {
  it('is on at the review stage: Ctrl+Enter reviews and moves to the next unreviewed', async () => {
    const segments = confirmedDocument();
    answerSaves(invoke, segments);
    const { user } = renderEditor(segments);
    await reviewModeOn();
    expect(statusOf(1)).toBe('Reviewed');
    expect(rows()[1]!.dataset.reviewed).toBe('true');
    expect(activeNumber()).toBe('Segment 1 of 3');

    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(saves(invoke)).toEqual([
      { id: 1, target: 'Uno', is_confirmed: true, is_reviewed: true, match_score: null },
    ]);
    // Segment 2 is reviewed already: the move skips it.
    expect(activeNumber()).toBe('Segment 3 of 3');
    await waitFor(() => expect(statusOf(0)).toBe('Reviewed'));
    const bar = screen.getByRole('progressbar', { name: 'Reviewed words' });
    expect(bar.getAttribute('aria-valuenow')).toBe('66');
    expect(screen.getByTestId('editor-review-progress').textContent).toContain(
      '4 of 6 words reviewed',
    );
  });

  it('takes a review back with Ctrl+Shift+Enter, and with the button', async () => {
    const segments = confirmedDocument();
    answerSaves(invoke, segments);
    useEditorStore.getState().setActive(2);
    const { user } = renderEditor(segments);
    await reviewModeOn();
    await user.keyboard('{Control>}{Shift>}{Enter}{/Shift}{/Control}');
    expect(saves(invoke)).toEqual([
      { id: 2, target: 'Dos', is_confirmed: true, is_reviewed: false, match_score: null },
    ]);
    await waitFor(() => expect(statusOf(1)).toBe('Confirmed'));
    expect(screen.getByRole('button', { name: 'Take review back' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(statusOf(1)).toBe('Reviewed'));
    await user.click(within(rows()[1]!).getByTestId('segment-source'));
    await user.click(screen.getByRole('button', { name: 'Take review back' }));
    expect(saves(invoke).at(-1)).toMatchObject({ id: 2, is_reviewed: false });
    await waitFor(() => expect(statusOf(1)).toBe('Confirmed'));
  });

  it('shows an edited reviewed segment as edited; Ctrl+Enter reviews the new text', async () => {
    const segments = confirmedDocument();
    answerSaves(invoke, segments);
    useEditorStore.getState().setActive(2);
    const { user } = renderEditor(segments);
    await reviewModeOn();
    const editor = screen.getByRole('textbox', { name: 'Translation of segment 2' });
    await user.type(editor, 's');
    expect(statusOf(1)).toBe('Edited');
    expect(rows()[1]!.dataset.reviewed).toBeUndefined();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(saves(invoke)).toEqual([
      { id: 2, target: 'Doss', is_confirmed: true, is_reviewed: true, match_score: null },
    ]);
    await waitFor(() => expect(statusOf(1)).toBe('Reviewed'));
  });

  it('confirms as before at the translate stage, and reviews once switched on', async () => {
    server.project = reviewProject('TRANSLATE');
    const segments = [testSegment(0, { target: 'Uno' }), testSegment(1, { target: 'Dos' })];
    answerSaves(invoke, segments);
    const { user } = renderEditor(segments);
    await projectRead(invoke);
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(saves(invoke)[0]).toEqual({
      id: 1,
      target: 'Uno',
      is_confirmed: true,
      match_score: null,
    });
    expect(activeNumber()).toBe('Segment 2 of 2');

    await user.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    // The focus stays on the switch, where the editor's keys work too.
    expect(document.activeElement).toBe(toggle());
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(saves(invoke)[1]).toMatchObject({ id: 2, is_confirmed: true, is_reviewed: true });
    // Segment 1 is confirmed, not reviewed: the move goes back round to it.
    expect(activeNumber()).toBe('Segment 1 of 2');
  });

  it('turns on by itself once the last confirm moves the project to review', async () => {
    server.project = reviewProject('TRANSLATE');
    const segments = [testSegment(0, { target: 'Uno', is_confirmed: true }), testSegment(1)];
    answerSaves(invoke, segments);
    const { user } = renderEditor(segments);
    await projectRead(invoke);
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    // The server moves the project on as it saves the last segment of its stage.
    server.project = reviewProject('REVIEW');
    await user.type(screen.getByRole('textbox', { name: 'Translation of segment 2' }), 'Dos');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await reviewModeOn();
    expect(screen.getByTestId('editor-review-progress').textContent).toContain(
      '0 of 4 words reviewed',
    );
  });
});
