import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../../../../shared/api/comments';
import type { IpcResult } from '../../../../../shared/ipc/errors';
import { createQueryClient } from '../../../app/query-client';
import { useCommentStore } from './comment-store';
import { CommentReplyBox } from './CommentReplyBox';
import { installTestBridge } from '../../../test-bridge';

const invoke = installTestBridge();

function sent(input: { segment_id: number; text: string }): Comment {
  return {
    id: 90,
    text: input.text,
    annotations: [],
    is_resolved: false,
    document_id: 4,
    segment_id: input.segment_id,
    segment_revision_id: 1,
    user_id: 1,
    created_at: 1_780_000_000,
    updated_at: 1_780_000_000,
    user_name: 'Ana',
    is_mine: true,
  };
}

/** Answers comments:create with `create`; the list asked for again afterwards is empty. */
function answer(create: (input: unknown) => Promise<IpcResult<unknown>>) {
  invoke.mockImplementation((channel, input) =>
    channel === 'comments:create' ? create(input) : Promise.resolve({ ok: true, value: {} }),
  );
}

function renderBox(isFirst = true) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CommentReplyBox documentId={4} segmentId={12} number={3} isFirst={isFirst} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

// jsdom lays nothing out and has no scrollIntoView(); the focus request calls it.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

const created = () => invoke.mock.calls.filter(([channel]) => channel === 'comments:create');

beforeEach(() => {
  invoke.mockReset();
  useCommentStore.setState(useCommentStore.getInitialState());
});

describe('CommentReplyBox', () => {
  it('names the box after the segment and sends on Enter, then empties it', async () => {
    answer((input) => Promise.resolve({ ok: true, value: sent(input as Comment) }));
    const user = renderBox();
    const box = screen.getByRole('textbox', { name: 'Comment on segment 3' });
    expect(screen.getByRole('button', { name: 'Comment' })).toHaveProperty('disabled', true);
    await user.type(box, 'Check the term{Enter}');
    expect(created()[0]?.[1]).toEqual({ document_id: 4, segment_id: 12, text: 'Check the term' });
    await waitFor(() => expect(box).toHaveProperty('value', ''));
  });

  it('adds a line on Shift+Enter instead of sending', async () => {
    answer(() => Promise.reject(new Error('not expected')));
    const user = renderBox(false);
    const box = screen.getByRole('textbox', { name: 'Reply on segment 3' });
    await user.type(box, 'One{Shift>}{Enter}{/Shift}two');
    expect(box).toHaveProperty('value', 'One\ntwo');
    expect(created()).toHaveLength(0);
  });

  it('sends nothing when only spaces were typed', async () => {
    answer(() => Promise.reject(new Error('not expected')));
    const user = renderBox();
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    expect(created()).toHaveLength(0);
  });

  it('is read-only while sending, and says so on the button', async () => {
    let finish: (result: IpcResult<unknown>) => void = () => {};
    answer(() => new Promise((resolve) => (finish = resolve)));
    const user = renderBox();
    const box = screen.getByRole('textbox');
    await user.type(box, 'Wait{Enter}');
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect(button).toHaveProperty('disabled', true);
    expect(box).toHaveProperty('readOnly', true);
    expect(box.getAttribute('aria-disabled')).toBe('true');
    act(() => finish({ ok: true, value: sent({ segment_id: 12, text: 'Wait' }) }));
    await screen.findByRole('button', { name: 'Comment' });
    expect(box).toHaveProperty('readOnly', false);
  });

  it('keeps the text and says why when sending fails', async () => {
    answer(() =>
      Promise.resolve({ ok: false, error: { code: 'forbidden-sender', message: 'Not allowed.' } }),
    );
    const user = renderBox();
    const box = screen.getByRole('textbox');
    await user.type(box, 'Keep me{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your comment was not sent. Its text is kept in the box.');
    expect(alert.textContent).toContain('Not allowed.');
    expect(box).toHaveProperty('value', 'Keep me');
  });

  it('sends a quoted part of the segment with the comment, and can drop the quote', async () => {
    answer((input) => Promise.resolve({ ok: true, value: sent(input as Comment) }));
    const user = renderBox();
    act(() => useCommentStore.getState().quote(12, 'the file'));
    expect(screen.getByTestId('comment-reply-quote').textContent).toContain('the file');
    // The quote asks for the focus, so typing goes straight into the box.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox')));
    await user.keyboard('Which file?{Enter}');
    expect(created()[0]?.[1]).toMatchObject({ annotations: [{ text: 'the file' }] });

    act(() => useCommentStore.getState().quote(12, 'again'));
    await user.click(screen.getByRole('button', { name: 'Remove the quote' }));
    expect(screen.queryByTestId('comment-reply-quote')).toBeNull();
  });
});
