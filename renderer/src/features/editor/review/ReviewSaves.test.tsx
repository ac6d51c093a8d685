import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installTestBridge } from '../../../test-bridge';
import { useEditorStore } from '../editor-store';
import type { IpcError } from '../../../../../shared/ipc/errors';
import { retryTiming, useWaitingSaves } from '../grid/waiting-saves';
import { testSegment } from '../loading/test-pages';
import {
  activeNumber,
  answerSaves,
  confirmedDocument,
  renderEditor,
  reviewModeOn,
  rows,
  saves,
  setUpReviewTests,
  statusOf,
} from './review-test-editor';

const invoke = installTestBridge();
setUpReviewTests(invoke);

/** Saves answered with `error` while `isOn()`; every other call as before. */
function refuseSaves(error: IpcError, isOn = () => true) {
  const answer = invoke.getMockImplementation()!;
  invoke.mockImplementation((channel, input) =>
    channel === 'segments:update' && isOn()
      ? Promise.resolve({ ok: false, error })
      : answer(channel, input),
  );
}

describe('review saves and the unreviewed filter', () => {
  it('sends a review again while the server cannot be reached, then shows it', async () => {
    const segments = confirmedDocument();
    answerSaves(invoke, segments);
    let isDown = true;
    refuseSaves({ code: 'network', message: 'Unreachable.' }, () => isDown);
    retryTiming.firstMs = 20;
    const { user } = renderEditor(segments);
    await reviewModeOn();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(within(rows()[0]!).getByTestId('segment-waiting')).toBeTruthy());
    isDown = false;
    await waitFor(() => expect(statusOf(0)).toBe('Reviewed'));
    expect(saves(invoke).every((save) => save.is_reviewed === true && save.id === 1)).toBe(true);
    expect(useWaitingSaves.getState().saves).toEqual([]);
    expect(useEditorStore.getState().alert).toBeNull();
  });

  it('keeps the text and says so when a review is refused', async () => {
    const segments = confirmedDocument();
    answerSaves(invoke, segments);
    refuseSaves({ code: 'bad-request', status: 400, message: 'No.' });
    const { user } = renderEditor(segments);
    await reviewModeOn();
    await user.type(screen.getByRole('textbox', { name: 'Translation of segment 1' }), '!');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(useEditorStore.getState().alert).not.toBeNull());
    expect(useEditorStore.getState().alert?.title).toBe(
      'The segment was not marked reviewed. Your text is kept in the segment.',
    );
    expect(useEditorStore.getState().drafts[1]?.text).toBe('Uno!');
    expect(statusOf(0)).toBe('Edited');
  });

  it('filters to the segments not reviewed and goes to the next one', async () => {
    const segments = [...confirmedDocument(), testSegment(3, { target: '' })];
    answerSaves(invoke, segments);
    const { user } = renderEditor(segments);
    await reviewModeOn();
    const filter = screen.getByRole('combobox', { name: 'Show segments' });
    expect(within(filter).getByRole('option', { name: 'Not reviewed (3)' })).toBeTruthy();
    await user.selectOptions(filter, 'unreviewed');
    expect(rows().map((row) => row.dataset.index)).toEqual(['0', '2', '3']);

    // Opened at the first segment not confirmed; the next unreviewed ones wrap round.
    expect(activeNumber()).toBe('Segment 4 of 4');
    const next = screen.getByRole('button', { name: 'Next unreviewed' });
    await user.click(next);
    expect(activeNumber()).toBe('Segment 1 of 4');
    await user.click(next);
    expect(activeNumber()).toBe('Segment 3 of 4');
    await user.click(next);
    expect(activeNumber()).toBe('Segment 4 of 4');
    // Nothing typed in segment 4: it cannot be reviewed, and nothing is sent.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(saves(invoke)).toEqual([]);
    expect(useEditorStore.getState().refusal?.segmentId).toBe(4);
  });
});
