import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../../../../shared/api/comments';
import type { IpcResult } from '../../../../../shared/ipc/errors';
import { createQueryClient } from '../../../app/query-client';
import { useCommentStore } from './comment-store';
import { CommentEditForm } from './CommentEditForm';
import { installTestBridge } from '../../../test-bridge';

const invoke = installTestBridge();

const MINE: Comment = {
  id: 7,
  text: 'Use “file”',
  annotations: [],
  is_resolved: false,
  document_id: 4,
  segment_id: 12,
  segment_revision_id: 1,
  user_id: 1,
  created_at: 1_780_000_000,
  updated_at: 1_780_000_000,
  user_name: 'Ana',
  is_mine: true,
};

/** Answers comments:update with `update`; the list asked for again afterwards is empty. */
function answer(update: (input: { text: string }) => Promise<IpcResult<unknown>>) {
  invoke.mockImplementation((channel, input) =>
    channel === 'comments:update'
      ? update(input as { text: string })
      : Promise.resolve({ ok: true, value: {} }),
  );
}

function renderForm() {
  act(() => useCommentStore.getState().setEditing(MINE.id));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CommentEditForm comment={MINE} />
    </QueryClientProvider>,
  );
  const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your comment' });
  return { box, user: userEvent.setup() };
}

const updates = () => invoke.mock.calls.filter(([channel]) => channel === 'comments:update');
const editingId = () => useCommentStore.getState().editingId;

beforeEach(() => {
  invoke.mockReset();
  useCommentStore.setState(useCommentStore.getInitialState());
});

describe('CommentEditForm', () => {
  it('opens with the comment’s text, focused', () => {
    answer(() => Promise.reject(new Error('not expected')));
    const { box } = renderForm();
    expect(box.value).toBe('Use “file”');
    expect(document.activeElement).toBe(box);
  });

  it('saves a changed text on Enter and closes when the answer is in', async () => {
    answer(({ text }) => Promise.resolve({ ok: true, value: { ...MINE, text } }));
    const { box, user } = renderForm();
    await user.clear(box);
    await user.type(box, 'Use “document”{Enter}');
    expect(updates()[0]?.[1]).toEqual({ document_id: 4, comment_id: 7, text: 'Use “document”' });
    await waitFor(() => expect(editingId()).toBeNull());
  });

  it('adds a line on Shift+Enter', async () => {
    answer(() => Promise.reject(new Error('not expected')));
    const { box, user } = renderForm();
    await user.type(box, '{Shift>}{Enter}{/Shift}Thanks');
    expect(box.value).toBe('Use “file”\nThanks');
    expect(updates()).toHaveLength(0);
  });

  it('just closes when nothing was changed', async () => {
    answer(() => Promise.reject(new Error('not expected')));
    const { user } = renderForm();
    await user.keyboard('{Enter}');
    expect(updates()).toHaveLength(0);
    expect(editingId()).toBeNull();
  });

  it('cancels on Esc and on the Cancel button', async () => {
    answer(() => Promise.reject(new Error('not expected')));
    const { user } = renderForm();
    await user.keyboard('more{Escape}');
    expect(editingId()).toBeNull();

    act(() => useCommentStore.getState().setEditing(MINE.id));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(editingId()).toBeNull();
    expect(updates()).toHaveLength(0);
  });

  it('will not save an empty comment', async () => {
    answer(() => Promise.reject(new Error('not expected')));
    const { box, user } = renderForm();
    await user.clear(box);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(updates()).toHaveLength(0);
    expect(editingId()).toBe(MINE.id);
  });

  it('keeps the text and says why when saving fails', async () => {
    answer(() =>
      Promise.resolve({
        ok: false,
        error: { code: 'forbidden-sender', message: 'Only the author may change it.' },
      }),
    );
    const { box, user } = renderForm();
    await user.type(box, '!{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your change was not saved. Your text is kept in the box.');
    expect(alert.textContent).toContain('Only the author may change it.');
    expect(box.value).toBe('Use “file”!');
    expect(editingId()).toBe(MINE.id);
  });
});
